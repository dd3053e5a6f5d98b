import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import type { TestDashboard } from '../testing/dashboardTestKit.ts'
import { startIndexedPair, type IndexedPair } from '../testing/indexedPair.ts'
import { rawRequest } from '../testing/httpTestKit.ts'

interface Row {
  id: string
  created_at: string
}

let demo: RunningDemoApi
let pair: IndexedPair
let withIndex: TestDashboard
let withoutIndex: TestDashboard

/** Every execution the demo holds, page by page. */
async function demoRows(): Promise<Row[]> {
  const rows: Row[] = []
  let after: string | undefined
  for (;;) {
    const response = await rawRequest(`${demo.url}/executions`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: after ? { first: 100, after } : { first: 100 } }),
    })
    const page = JSON.parse(response.body) as {
      data: Row[]
      page_info: { has_next_page: boolean; end_cursor: string }
    }
    rows.push(...page.data)
    if (!page.page_info.has_next_page) return rows
    after = page.page_info.end_cursor
  }
}

beforeAll(async () => {
  demo = await startDemoApi({ simulate: false, executionCount: 600 })
  const env = { EXEC_API_URL: demo.url, EXEC_API_TOKEN: demo.token }
  pair = await startIndexedPair(env, { refreshMs: 60_000 })
  ;({ withIndex, withoutIndex } = pair)
}, 60_000)
afterAll(async () => {
  await pair.close()
  await demo.close()
})

describe('an export with a time window', () => {
  it('holds exactly the executions created in the window, newest first, from the index', async () => {
    await expect
      .poll(
        async () => {
          const answer = await rawRequest(`${withIndex.url}/api/overview`)
          return (JSON.parse(answer.body) as { coverage: { kind: string } }).coverage.kind
        },
        { timeout: 30_000 },
      )
      .toBe('exact')
    const rows = await demoRows()
    const times = rows.map((row) => Date.parse(row.created_at)).sort((a, b) => a - b)
    const from = times[Math.floor(times.length / 2)] ?? 0
    const expected = rows
      .filter((row) => Date.parse(row.created_at) >= from)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1))
      .map((row) => row.id)
    expect(expected.length).toBeGreaterThan(100)
    const response = await rawRequest(
      `${withIndex.url}/api/export/executions?format=ndjson&from=${new Date(from).toISOString()}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/-created-\d{4}-\d\d-\d\dT\d{4}Z-to-now-/)
    const lines = response.body.trimEnd().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(expected)
  }, 40_000)

  it('is refused with the reason where the server keeps no index', async () => {
    const response = await rawRequest(`${withoutIndex.url}/api/export/executions?window=1h`)
    expect(response.status).toBe(503)
    expect(response.body).toContain('"code":"index_unavailable"')
  })
})
