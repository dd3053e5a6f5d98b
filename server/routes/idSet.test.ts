import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { startIndexedPair, type IndexedPair } from '../testing/indexedPair.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import type { IdSetAnswer } from '../../shared/idSet.ts'

let api: RunningDemoApi
let demo: DemoClient
let pair: IndexedPair
let withIndex: TestDashboard
let withoutIndex: TestDashboard

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 1_200 }))
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '100' }
  pair = await startIndexedPair(env, { refreshMs: 100 })
  ;({ withIndex, withoutIndex } = pair)
}, 60_000)
afterAll(async () => {
  await pair.close()
  await api.close()
})

type Counts = { list_executions: number }
/** List calls no background scan made: the other dashboard's index keeps refreshing beside these tests. */
const listCalls = async () => {
  const { json } = await demo.control<{ requests: Counts; background_requests: Counts }>('GET', '/stats')
  return json.requests.list_executions - json.background_requests.list_executions
}

const idSet = async (base: string, query: string) =>
  JSON.parse((await rawRequest(`${base}/api/executions/ids?${query}`)).body) as IdSetAnswer

describe('the id set for "Reschedule all matching"', () => {
  it('comes from the index when it holds the set exactly, and by the server’s own paging otherwise, the same', async () => {
    const expected = (await demo.allExecutions({ states: ['failed'] })).map((row) => row.id).sort()
    await expect
      .poll(async () => (await idSet(withIndex.url, 'state=failed')).source, { timeout: 20_000 })
      .toBe('index')
    const fromIndex = await idSet(withIndex.url, 'state=failed')
    const paged = await idSet(withoutIndex.url, 'state=failed')
    expect(fromIndex).toMatchObject({ complete: true, count: expected.length })
    expect(paged).toMatchObject({ source: 'api', complete: true, count: expected.length, note: null })
    expect(fromIndex.executions.map((row) => row.id).sort()).toEqual(expected)
    expect(paged.executions.map((row) => row.id).sort()).toEqual(expected)
    // Each entry carries its times as the API sent them, so the set can be exported as counted.
    const times = new Map(
      (await demo.allExecutions({ states: ['failed'] })).map((row) => [
        row.id,
        [row.created_at, row.updated_at],
      ]),
    )
    for (const row of [...fromIndex.executions, ...paged.executions])
      expect([row.created_at, row.updated_at]).toEqual(times.get(row.id))
  })

  it('counts exactly past the most ids it hands over', async () => {
    const capped = await idSet(withoutIndex.url, 'max=50')
    expect(capped.executions).toHaveLength(50)
    expect(capped.count).toBe(1_200)
  })

  it('stops paging the API as soon as the browser goes away', async () => {
    const events: string[] = []
    const slow = await startTestDashboard({
      env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '100' },
      onEvent: (event) => events.push(`${event.status} ${event.detail ?? ''}`),
    })
    try {
      await demo.control('POST', '/faults', { rules: [{ operation: 'list_executions', delayMs: 100 }] })
      const before = await listCalls()
      const request = http.get(`${slow.url}/api/executions/ids?state=failed`)
      request.on('error', () => undefined)
      // Polled up to 20 s (Vitest's default is 1 s): a busy machine only makes the wait longer.
      await expect
        .poll(async () => (await listCalls()) - before, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(1)
      request.destroy()
      await expect
        .poll(() => events.some((event) => event.startsWith('499 client_gone')), { timeout: 20_000 })
        .toBe(true)
      const atStop = await listCalls()
      // Two more delayed pages of our own: a walk still paging would have added calls meanwhile.
      await demo.listExecutions({ page: { first: 1 } })
      await demo.listExecutions({ page: { first: 1 } })
      expect(await listCalls()).toBe(atStop + 2)
    } finally {
      await demo.control('DELETE', '/faults')
      await slow.close()
    }
  })

  it('refuses a bad request with the reason', async () => {
    const response = await rawRequest(`${withoutIndex.url}/api/executions/ids?max=0&window=2h`)
    expect(response.status).toBe(400)
    expect(jsonOf(response).error.message).toMatch(/window must be one of.*max must be a whole number/)
  })
})
