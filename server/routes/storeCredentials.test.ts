import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { close, jsonOf, listen, rawRequest } from '../testing/httpTestKit.ts'
import { API_PREFIX, ROUTE_NAMES, ROUTES, type RouteAddress } from '../../shared/api/routes.ts'

/*
 * Issue 46 §2: in sign-in mode, what the dashboard answers from its own store and index (the trail, its export,
 * a run's report, the digest, the overview) answered any made-up bearer token. It now needs a session, or a token
 * the API has accepted; a made-up one never creates an index partition either.
 */
const GOOD = 'a-token-the-api-accepts'
const upstream = http.createServer((req, res) => {
  req.resume()
  const ok = req.headers.authorization === `Bearer ${GOOD}`
  res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' })
  res.end(ok ? '{"data":[],"page_info":{"has_next_page":false}}' : '{"message":"bad token"}')
})
let store: Store
let dashboard: TestDashboard

beforeAll(async () => {
  const url = await listen(upstream)
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  dashboard = await startTestDashboard({
    env: { EXEC_API_URL: `${url}/v2`, DASHBOARD_SESSION_KEY: 'cd'.repeat(32) },
    store,
  })
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await close(upstream)
})

/** One list call relayed to the API with `token`, as a script would make it: how the API comes to accept a token. */
const listThroughDashboard = (token: string) =>
  rawRequest(`${dashboard.url}/api/executions`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-HTTP-Method-Override': 'GET',
    },
    body: '{"page":{"first":1}}',
  })

/** Every route the dashboard answers itself (not one of the API's operations it relays) that needs credentials. */
const OWN_ROUTES = ROUTE_NAMES.map((name) => ROUTES[name] as RouteAddress)
  .filter((route) => route.role !== 'anyone' && route.relays === undefined)
  .map((route) => [route.method, `${API_PREFIX}${route.path.replaceAll('{id}', 'x')}`] as const)
const get = (path: string, token: string, method = 'GET') =>
  rawRequest(`${dashboard.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(method === 'GET' ? {} : { body: '{}' }),
  })

describe('routes that answer from the store, in sign-in mode', () => {
  it('are every route that is not relayed and needs credentials', () => {
    expect(OWN_ROUTES.length).toBeGreaterThanOrEqual(19)
    expect(OWN_ROUTES.map(([, path]) => path)).toEqual(
      expect.arrayContaining(['/api/audit', '/api/audit/run', '/api/digest', '/api/overview', '/api/live']),
    )
  })

  it.each(OWN_ROUTES)(
    'refuse %s %s to a made-up bearer token, and create no index partition for it',
    async (method, path) => {
      const before = dashboard.dashboard.index?.stats().partitions ?? 0
      const answer = await get(path, `made-up-${path}`, method)
      expect(answer.status).toBe(401)
      expect(jsonOf(answer).error.code).toBe('not_signed_in')
      expect(Object.keys(jsonOf(answer))).toEqual(['error'])
      expect(dashboard.dashboard.index?.stats().partitions ?? 0).toBe(before)
    },
  )

  it('answer a token once the API has accepted it through the dashboard', async () => {
    expect((await get('/api/audit', GOOD)).status).toBe(401)
    expect((await listThroughDashboard(GOOD)).status).toBe(200)
    expect((await get('/api/audit', GOOD)).status).toBe(200)
    expect((await get('/api/overview', GOOD)).status).toBe(200)
  })
})

describe('one client’s distinct views', () => {
  it('past the cap are refused with 429 too_many_views, in words, and the stream never starts', async () => {
    expect((await listThroughDashboard(GOOD)).status).toBe(200)
    expect((await get('/api/overview', GOOD)).status).toBe(200)
    for (let n = 0; n < 20; n += 1) {
      const answer = await get(`/api/overview?m.team=t${n}`, GOOD)
      expect(answer.status, `${n} ${answer.body}`).toBe(200)
    }
    const refused = await get('/api/overview?m.team=t20', GOOD)
    expect(refused.status).toBe(429)
    expect(jsonOf(refused).error).toMatchObject({ code: 'too_many_views' })
    const stream = await get('/api/live?m.team=t21', GOOD)
    expect(stream.status).toBe(429)
    expect(stream.headers['content-type']).toMatch(/json/)
  })
})
