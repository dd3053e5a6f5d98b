import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identitySettingsFromEnv } from '../audit/identity.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { proxyTrustFrom } from '../http/origin.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { rawRequest } from '../testing/httpTestKit.ts'
import { openSse } from '../testing/sseClient.ts'

/*
 * The security suite's cases against the routes the index and the trail brought: the dashboard's own reads
 * (overview, the index's list, the live stream, the trail, who am I, the id set, the export) refuse cross-site
 * requests and oversized filters with a clear error, a viewer reads but never acts, and a user header from an
 * untrusted peer changes nothing.
 */
let api: RunningDemoApi
let demo: DemoClient
let store: Store
let guarded: TestDashboard
let untrusted: TestDashboard

const READS = [
  '/api/overview?state=failed',
  '/api/index/executions?state=failed',
  '/api/index/execution?id=e1',
  '/api/digest?state=failed',
  '/api/live?state=failed&every=10&initial=0',
  '/api/audit?size=5',
  '/api/triage?state=failed',
  '/api/whoami',
  '/api/executions/ids?state=failed&max=5',
  '/api/export/executions?state=failed&format=ndjson',
  '/api/watches',
]
const VIEW_READS = READS.filter((path) =>
  /overview|index\/executions|live|ids|export|triage|digest/.test(path),
)
/** Actions only an operator may take. */
const OPERATOR_ACTIONS = ['/api/triage/ack?state=failed&id=key:x', '/api/triage/undo']
/** Every action: recording that a view was seen is anyone's, a viewer's too. */
const ACTIONS = [...OPERATOR_ACTIONS, '/api/digest/seen?state=failed', '/api/watches', '/api/watches/stop']

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 120 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token }
  guarded = await startTestDashboard({
    env,
    store,
    settings: {
      trust: proxyTrustFrom(true, undefined),
      identity: identitySettingsFromEnv({
        DASHBOARD_USER_HEADER: 'X-Forwarded-User',
        DASHBOARD_VIEWERS: 'vera',
      }),
    },
  })
  untrusted = await startTestDashboard({
    env,
    settings: { identity: identitySettingsFromEnv({ DASHBOARD_USER_HEADER: 'X-Forwarded-User' }) },
  })
}, 60_000)
afterAll(async () => {
  await guarded.close()
  await untrusted.close()
  await store.close()
  await api.close()
})

const reschedules = async () =>
  Object.values(
    (await demo.control<{ reschedules_by_id: Record<string, number> }>('GET', '/stats')).json
      .reschedules_by_id,
  ).reduce((sum, count) => sum + count, 0)

describe('the dashboard’s own routes', () => {
  it('refuse a cross-site request, every one of them, before anything else happens', async () => {
    const before = await reschedules()
    for (const path of [...READS, ...ACTIONS, '/api/executions/e1/schedule']) {
      const action = path.endsWith('/schedule') || ACTIONS.includes(path)
      const answer = await rawRequest(`${guarded.url}${path}`, {
        method: path.endsWith('/schedule') ? 'PATCH' : action ? 'POST' : 'GET',
        headers: {
          'Sec-Fetch-Site': 'cross-site',
          'X-Forwarded-User': 'olga',
          ...(action ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(action ? { body: '{"schedule_for":true,"note":"n","run":"r"}' } : {}),
      })
      expect([path, answer.status, answer.body]).toEqual([
        path,
        403,
        expect.stringContaining('cross_site_refused'),
      ])
    }
    expect(await reschedules()).toBe(before)
  })

  it('answer 401 to a browser with no session, every one of them, with nothing sent upstream', async () => {
    const signInMode = await startTestDashboard({ env: { EXEC_API_URL: api.url } })
    const calls = async () =>
      Object.values(
        (await demo.control<{ requests: Record<string, number> }>('GET', '/stats')).json.requests,
      ).reduce((sum, count) => sum + count, 0)
    try {
      const before = await calls()
      for (const path of [...READS.filter((read) => !read.includes('whoami')), ...ACTIONS]) {
        const action = ACTIONS.includes(path)
        const answer = await rawRequest(`${signInMode.url}${path}`, {
          method: action ? 'POST' : 'GET',
          headers: action ? { 'Content-Type': 'application/json' } : {},
          ...(action ? { body: '{"note":"n","run":"r"}' } : {}),
        })
        expect([path, answer.status, answer.body]).toEqual([
          path,
          401,
          expect.stringContaining('not_signed_in'),
        ])
      }
      expect(await calls()).toBe(before)
    } finally {
      await signInMode.close()
    }
  })

  it('refuse a filter longer than the limit with a message, never by dropping it', async () => {
    const long = 'x'.repeat(3_000)
    for (const path of VIEW_READS) {
      const answer = await rawRequest(`${guarded.url}${path}&m.env=${long}`, {
        headers: { 'X-Forwarded-User': 'olga' },
      })
      expect([path, answer.status]).toEqual([path, 400])
      expect(answer.body).toContain('longer than 2048 characters')
    }
    const audit = await rawRequest(`${guarded.url}/api/audit?user=${'u'.repeat(300)}`)
    expect([audit.status, audit.body]).toEqual([
      400,
      expect.stringContaining('user is longer than 200 characters'),
    ])
  })

  it('let a viewer read every view and the trail, and refuse every operator action, with nothing sent upstream', async () => {
    const asVera = { 'X-Forwarded-User': 'vera' }
    for (const path of READS.filter((read) => !read.includes('/live') && !read.includes('/ids'))) {
      const answer = await rawRequest(`${guarded.url}${path}`, { headers: asVera })
      expect([path, answer.status]).toEqual([path, 200])
    }
    const stream = await openSse(`${guarded.url}/api/live?state=failed&every=10&initial=0`, asVera)
    expect(stream.status).toBe(200)
    stream.close()
    const before = await reschedules()
    const ids = await rawRequest(`${guarded.url}/api/executions/ids?state=failed&max=5`, { headers: asVera })
    const patch = await rawRequest(`${guarded.url}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { ...asVera, 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    const acks = await Promise.all(
      OPERATOR_ACTIONS.map((path) =>
        rawRequest(`${guarded.url}${path}`, {
          method: 'POST',
          headers: { ...asVera, 'Content-Type': 'application/json' },
          body: JSON.stringify({ note: 'n', run: '00000000-0000-0000-0000-000000000000' }),
        }),
      ),
    )
    expect([ids.status, patch.status, ...acks.map((ack) => ack.status)]).toEqual([403, 403, 403, 403])
    for (const answer of [ids, patch, ...acks]) expect(answer.body).toContain('forbidden_role')
    expect(await reschedules()).toBe(before)
  })

  it('take a user header from an untrusted peer as nobody: not in who am I, not in the trail', async () => {
    const spoofed = { 'X-Forwarded-User': 'root' }
    const who = JSON.parse((await rawRequest(`${untrusted.url}/api/whoami`, { headers: spoofed })).body) as {
      user: string
      via: string
    }
    expect(who).toMatchObject({ user: 'server token (127.0.0.1)', via: 'server token' })
    // With the proxy named (DASHBOARD_TRUSTED_PROXIES), the same header is believed from it alone.
    const behindProxy = await startTestDashboard({
      env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token },
      settings: {
        trust: proxyTrustFrom(true, '127.0.0.2'),
        identity: identitySettingsFromEnv({ DASHBOARD_USER_HEADER: 'X-Forwarded-User' }),
      },
    })
    const whoami = async (localAddress: string) =>
      (
        JSON.parse(
          (await rawRequest(`${behindProxy.url}/api/whoami`, { headers: spoofed, localAddress })).body,
        ) as { user: string }
      ).user
    try {
      expect(await whoami('127.0.0.1')).toBe('server token (127.0.0.1)')
      expect(await whoami('127.0.0.2')).toBe('root')
    } finally {
      await behindProxy.close()
    }
  })
})
