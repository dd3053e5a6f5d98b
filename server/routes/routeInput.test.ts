import * as z from 'zod/mini'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_NAMES, type RouteName } from '../../shared/api/routes.ts'
import { ROUTE_TABLE, type RouteDefinition } from '../../shared/api/table.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { startFakeApi } from '../testing/fakeApi.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { callRoute, EXAMPLES, refusalOf } from '../testing/routeCalls.ts'

/*
 * What every route of the table does with what it is sent: parameters it cannot take are refused with a message,
 * never dropped (and the API is not asked), and no answer of any route repeats the token, whatever the API sends.
 */
let api: RunningDemoApi
let demo: DemoClient
let store: Store
let dashboard: TestDashboard

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 120 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  dashboard = await startTestDashboard({ env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token }, store })
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
})

const upstreamCalls = async () =>
  Object.values(
    (await demo.control<{ requests: Record<string, number> }>('GET', '/stats')).json.requests,
  ).reduce((sum, count) => sum + count, 0)

/** Values a parameter may be sent that a route may not take: the first its schema refuses is tried. */
const CANDIDATES = ['abc', '-1', '0', '1.5', '', 'x'.repeat(5_000)]

/** For each of a route's own parameters, a value its schema refuses, and the words it refuses it with. */
function badValues(name: RouteName, route: RouteDefinition) {
  if (!route.query) return []
  const example = new URLSearchParams(EXAMPLES[name]?.search ?? '')
  const bad: { param: string; value: string; message: string }[] = []
  for (const param of Object.keys(route.query._zod.def.shape)) {
    for (const value of CANDIDATES) {
      const input = Object.fromEntries([...example.entries(), [param, value]])
      const read = z.safeParse(route.query, input)
      const issue = read.error?.issues.find((found) => found.path[0] === param)
      if (issue) {
        bad.push({ param, value, message: issue.message })
        break
      }
    }
  }
  return bad
}

describe('what the routes of the table are sent', () => {
  it('refuse a filter longer than the limit with a message, never by dropping it', async () => {
    const long = 'x'.repeat(3_000)
    const viewed = ROUTE_NAMES.filter((name) => (ROUTE_TABLE[name] as RouteDefinition).view)
    expect(viewed).toEqual(
      expect.arrayContaining(['overview', 'indexList', 'live', 'idSet', 'exportExecutions']),
    )
    for (const name of viewed) {
      const search = `${EXAMPLES[name]?.search ?? 'state=failed'}&m.env=${long}`
      const answer = await refusalOf(dashboard.url, name, {}, { ...EXAMPLES[name], search })
      expect([name, answer.status]).toEqual([name, 400])
      expect(answer.body).toContain('longer than 2048 characters')
    }
    const audit = await rawRequest(`${dashboard.url}/api/audit?user=${'u'.repeat(300)}`)
    expect([audit.status, audit.body]).toEqual([
      400,
      expect.stringContaining('user is longer than 200 characters'),
    ])
  })

  it('refuse every parameter value a route cannot take, naming it, and ask the API nothing', async () => {
    const before = await upstreamCalls()
    let checked = 0
    for (const name of ROUTE_NAMES) {
      for (const { param, value, message } of badValues(name, ROUTE_TABLE[name])) {
        const example = EXAMPLES[name] ?? {}
        const search = new URLSearchParams(example.search ?? '')
        search.set(param, value)
        const answer = await refusalOf(dashboard.url, name, {}, { ...example, search: search.toString() })
        expect([name, param, answer.status, jsonOf(answer).error.code]).toEqual([
          name,
          param,
          400,
          'bad_request',
        ])
        expect(jsonOf(answer).error.message).toContain(message)
        checked += 1
      }
    }
    expect(checked).toBeGreaterThan(15)
    expect(await upstreamCalls()).toBe(before)
  })

  it('refuse a body a route cannot take, with what it lacks', async () => {
    for (const name of ROUTE_NAMES) {
      const route: RouteDefinition = ROUTE_TABLE[name]
      if (!route.body || route.relays || name === 'signIn' || z.safeParse(route.body, {}).success) continue
      const answer = await refusalOf(dashboard.url, name, {}, { ...EXAMPLES[name], body: '{}' })
      expect([name, answer.status, jsonOf(answer).error.code]).toEqual([name, 400, 'bad_request'])
    }
  })
})

describe('an API that repeats the token in every answer', () => {
  it('never has it reach the browser through any route of the table', async () => {
    const token = 'echoed-secret-token-42'
    const row = { id: token, state: 'failed', created_at: '2026-01-01T00:00:00Z', updated_at: token }
    const echo = await startFakeApi(() => ({
      json: { data: [row], page_info: { has_next_page: false, end_cursor: token }, message: token },
    }))
    const echoStore = await openEmbeddedStore(await embeddedDataDir())
    await migrate(echoStore)
    const echoing = await startTestDashboard({
      env: { EXEC_API_URL: echo.url, EXEC_API_TOKEN: token },
      store: echoStore,
      index: { refreshMs: 100 },
    })
    try {
      for (const name of ROUTE_NAMES) {
        const answer = await callRoute(echoing.url, name)
        expect([name, JSON.stringify(answer)]).toEqual([name, expect.not.stringContaining(token)])
      }
      expect(echo.requests.length).toBeGreaterThan(0)
    } finally {
      await echoing.close()
      await echoStore.close()
      await echo.close()
    }
  })
})
