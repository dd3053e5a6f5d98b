import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewAnswer } from '../../shared/overview.ts'
import type { UpstreamList } from '../../shared/upstreams.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { close, jsonOf, listen, rawRequest } from '../testing/httpTestKit.ts'
import { parseUpstreams } from '../upstream/upstreams.ts'
import { DEFAULT_INDEX, settingsFromEnv } from './config.ts'
import { createDashboards, type DashboardSet } from './dashboards.ts'

let prod: { api: RunningDemoApi; client: DemoClient }
let staging: { api: RunningDemoApi; client: DemoClient }
let store: Store
let set: DashboardSet
let server: http.Server
let url: string

beforeAll(async () => {
  // Two APIs whose ids overlap (both seed exec-…): only the counts and what is sent tell them apart.
  prod = await startTestApi({ executionCount: 300 })
  staging = await startTestApi({ executionCount: 500 })
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = {
    EXEC_API_UPSTREAMS: JSON.stringify([
      { name: 'prod', url: prod.api.url, token: prod.api.token, color: '#c00', danger: true },
      { name: 'staging', url: staging.api.url, token: staging.api.token },
    ]),
  }
  const upstreams = parseUpstreams(env)
  const settings = settingsFromEnv(env, { production: false, signInMode: false })
  set = await createDashboards({
    upstream: upstreams?.[0]?.config ?? prod.api.url,
    upstreams,
    isDemo: false,
    store,
    settings: { ...settings, reuseMs: 0, index: { ...DEFAULT_INDEX, refreshMs: 100 } },
  } as Parameters<typeof createDashboards>[0])
  server = http.createServer((req, res) => set.handle(req, res, () => res.end()))
  url = await listen(server)
}, 60_000)
afterAll(async () => {
  await close(server)
  await set.close()
  await store.close()
  await prod.api.close()
  await staging.api.close()
})

const json = async <T>(path: string, init: Parameters<typeof rawRequest>[1] = {}) => {
  const answer = await rawRequest(`${url}${path}`, init)
  return { status: answer.status, body: answer.body, json: JSON.parse(answer.body) as T }
}
const exactTotal = async (base: string) => {
  const { json: overview } = await json<OverviewAnswer>(`${base}/overview`)
  return overview.coverage.kind === 'exact' ? overview.total : null
}

describe('several APIs in one dashboard', () => {
  it('says which APIs there are, with their labels, and never a token', async () => {
    const { status, body, json: list } = await json<UpstreamList>('/api/upstreams')
    expect(status).toBe(200)
    expect(list).toEqual({
      defaultName: 'prod',
      upstreams: [
        { name: 'prod', api: prod.api.url, color: '#c00', danger: true, mode: 'server-token' },
        {
          name: 'staging',
          api: staging.api.url,
          color: '#8250df',
          danger: false,
          mode: 'server-token',
        },
      ],
    })
    expect(body).not.toContain(prod.api.token)
    expect(body).not.toContain(staging.api.token)
    const crossSite = await rawRequest(`${url}/api/upstreams`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect([crossSite.status, crossSite.body]).toEqual([403, expect.stringContaining('cross_site_refused')])
    const unknown = await json<{ error: { message: string } }>('/api/u/qa/overview')
    expect(unknown.status).toBe(404)
    expect(unknown.json.error.message).toBe('This dashboard has no API named "qa"; it has prod, staging.')
    const badlyEncoded = await json<{ error: { code: string } }>('/api/u/%E0%A4%A/overview')
    expect([badlyEncoded.status, badlyEncoded.json.error.code]).toEqual([400, 'bad_request'])
  })

  it('keeps each API’s index, counts and reschedules apart, with overlapping ids', async () => {
    await expect.poll(() => exactTotal('/api/u/staging'), { timeout: 30_000 }).toBe(500)
    await expect.poll(() => exactTotal('/api/u/prod'), { timeout: 30_000 }).toBe(300)
    // A path without /u/<name> is the first API's.
    expect(await exactTotal('/api')).toBe(300)
    const id = 'exec-000010'
    expect((await prod.client.allExecutions()).some((row) => row.id === id)).toBe(true)
    expect((await staging.client.allExecutions()).some((row) => row.id === id)).toBe(true)
    const patch = await rawRequest(`${url}/api/u/staging/executions/${id}/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    expect(patch.status, patch.body).toBeLessThan(300)
    const stats = async (client: DemoClient) =>
      (await client.control<{ reschedules_by_id: Record<string, number> }>('GET', '/stats')).json
        .reschedules_by_id
    expect(await stats(staging.client)).toEqual({ [id]: 1 })
    expect(await stats(prod.client)).toEqual({})
    // The trail of each API lists its own records only.
    const trail = async (base: string) =>
      (await json<{ data: { executionId: string }[] }>(`${base}/audit?size=10`)).json.data.map(
        (r) => r.executionId,
      )
    await expect.poll(() => trail('/api/u/staging')).toEqual([id])
    expect(await trail('/api/u/prod')).toEqual([])
  }, 60_000)
})

describe('several APIs that users sign in to', () => {
  it('keeps one session cookie per API, so a token signed in for one never reaches another', async () => {
    // APIs of its own: the dashboards above keep indexing theirs, and this test counts what reaches one.
    const [prod, staging] = [
      await startTestApi({ executionCount: 20 }),
      await startTestApi({ executionCount: 20 }),
    ]
    const env = {
      EXEC_API_UPSTREAMS: JSON.stringify([
        { name: 'prod', url: prod.api.url },
        { name: 'staging', url: staging.api.url },
      ]),
      DASHBOARD_SESSION_KEY: 'ab'.repeat(32),
    }
    const upstreams = parseUpstreams(env)
    const signIn = await createDashboards({
      upstream: upstreams?.[0]?.config,
      upstreams,
      isDemo: false,
      settings: {
        ...settingsFromEnv(env, { production: false, signInMode: true }),
        index: { ...DEFAULT_INDEX, enabled: false },
      },
    } as Parameters<typeof createDashboards>[0])
    const signInServer = http.createServer((req, res) => signIn.handle(req, res, () => res.end()))
    const base = await listen(signInServer)
    try {
      const signedIn = await rawRequest(`${base}/api/u/staging/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: staging.api.token }),
      })
      expect(signedIn.status, signedIn.body).toBe(200)
      const cookie = String(signedIn.headers['set-cookie'] ?? '').split(';')[0] ?? ''
      expect(cookie).toMatch(/^exec_dashboard_session_staging=/)
      const list = (path: string) =>
        rawRequest(`${base}${path}`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
          body: '{"page":{"first":1}}',
        })
      expect((await list('/api/u/staging/executions')).status).toBe(200)
      // The other API has no session of its own: nothing is sent to it, with this token or any other.
      const before = (await prod.client.control<{ requests: Record<string, number> }>('GET', '/stats')).json
        .requests
      for (const path of ['/api/u/prod/executions', '/api/executions']) {
        const other = await list(path)
        expect([path, other.status]).toEqual([path, 401])
      }
      // Renamed to the other API's cookie, it does not open there (sealed to its own name): still nothing sent.
      const renamed = cookie.replace(/^exec_dashboard_session_staging=/, 'exec_dashboard_session_prod=')
      const asProd = await rawRequest(`${base}/api/u/prod/executions`, {
        method: 'POST',
        headers: { Cookie: renamed, 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
        body: '{"page":{"first":1}}',
      })
      expect(asProd.status).toBe(401)
      expect(jsonOf(asProd).error.code).toBe('session_expired')
      expect(
        (await prod.client.control<{ requests: Record<string, number> }>('GET', '/stats')).json.requests,
      ).toEqual(before)
    } finally {
      await close(signInServer)
      await signIn.close()
      await prod.api.close()
      await staging.api.close()
    }
  })
})
