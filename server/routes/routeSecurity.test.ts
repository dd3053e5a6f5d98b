import * as z from 'zod/mini'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_NAMES, ROUTES } from '../../shared/api/routes.ts'
import { ROUTE_TABLE, type RouteDefinition } from '../../shared/api/table.ts'
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
import { callRoute, refusalOf, routesOf } from '../testing/routeCalls.ts'

/*
 * The security suite, route by route of the table (shared/api): every route refuses a cross-site request, every
 * route that needs credentials answers 401 without them and asks the API nothing, a viewer reads every view and
 * the trail and is refused every operator's route with nothing sent, and a user header from an untrusted peer
 * changes nothing. A route declared in the table is in every loop here.
 */
let api: RunningDemoApi
let demo: DemoClient
let store: Store
let guarded: TestDashboard
let untrusted: TestDashboard

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

const upstreamCalls = async () =>
  Object.values(
    (await demo.control<{ requests: Record<string, number> }>('GET', '/stats')).json.requests,
  ).reduce((sum, count) => sum + count, 0)

describe('the dashboard’s own routes, every one of the table', () => {
  it('refuse a cross-site request, every one of them, before anything else happens', async () => {
    const before = await reschedules()
    for (const name of ROUTE_NAMES) {
      const answer = await refusalOf(guarded.url, name, {
        'Sec-Fetch-Site': 'cross-site',
        'X-Forwarded-User': 'olga',
      })
      expect([name, answer.status, answer.body]).toEqual([
        name,
        403,
        expect.stringContaining('cross_site_refused'),
      ])
    }
    expect(await reschedules()).toBe(before)
  })

  it('answer 401 to a browser with no session, every one that needs credentials, with nothing sent upstream', async () => {
    const signInMode = await startTestDashboard({ env: { EXEC_API_URL: api.url } })
    try {
      const before = await upstreamCalls()
      const credentialed = routesOf((name) => ROUTES[name].role !== 'anyone')
      expect(credentialed).toEqual(expect.arrayContaining(['overview', 'audit', 'whoami', 'reschedule']))
      for (const name of credentialed) {
        const answer = await refusalOf(signInMode.url, name)
        expect([name, answer.status, answer.body]).toEqual([
          name,
          401,
          expect.stringContaining('not_signed_in'),
        ])
      }
      expect(await upstreamCalls()).toBe(before)
    } finally {
      await signInMode.close()
    }
  })

  it('let a viewer call every route a viewer may, and refuse every operator’s route, with nothing sent upstream', async () => {
    const asVera = { 'X-Forwarded-User': 'vera' }
    // What a viewer's call answers, where it is not 200: the example asks for a run that is not there.
    const answers: Partial<Record<string, number>> = { bulkRunReport: 404, addWatch: 201 }
    for (const name of routesOf((route) => ROUTES[route].role === 'viewer')) {
      const answer = await callRoute(guarded.url, name, asVera)
      expect([name, answer.status]).toEqual([name, answers[name] ?? 200])
      // Its answer is what the table (and so the OpenAPI document) says it is.
      const route: RouteDefinition = ROUTE_TABLE[name]
      if (answer.status < 300 && !route.answers)
        expect([name, z.safeParse(route.answer, JSON.parse(answer.body)).error?.issues ?? []]).toEqual([
          name,
          [],
        ])
    }
    const before = await reschedules()
    const calls = await upstreamCalls()
    const operators = routesOf((name) => ROUTES[name].role === 'operator')
    expect(operators).toEqual(
      expect.arrayContaining(['reschedule', 'idSet', 'acknowledge', 'undoAcknowledge']),
    )
    for (const name of operators) {
      const answer = await refusalOf(guarded.url, name, asVera)
      expect([name, answer.status, answer.body]).toEqual([
        name,
        403,
        expect.stringContaining('forbidden_role'),
      ])
    }
    expect(await reschedules()).toBe(before)
    expect(await upstreamCalls()).toBe(calls)
    // The refused reschedule is on record, as every reschedule is.
    const trail = await rawRequest(`${guarded.url}/api/audit?outcome=not_permitted&size=1`)
    expect(JSON.parse(trail.body)).toMatchObject({ data: [{ user: 'vera', executionId: 'exec-000001' }] })
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
