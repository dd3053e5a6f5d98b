import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
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

  it('ends with a line that says it may be incomplete when the index does not hold every execution', async () => {
    // An index capped at 250 rows (DASHBOARD_INDEX_MAX_ROWS) over 600 executions: at least 250, not all.
    const store = await openEmbeddedStore(await embeddedDataDir())
    await migrate(store)
    const capped = await startTestDashboard({
      env: { EXEC_API_URL: demo.url, EXEC_API_TOKEN: demo.token },
      store,
      index: { refreshMs: 60_000, maxRows: 250 },
    })
    try {
      await expect
        .poll(
          async () => {
            const answer = await rawRequest(`${capped.url}/api/overview`)
            return (JSON.parse(answer.body) as { coverage: { kind: string } }).coverage.kind
          },
          { timeout: 30_000 },
        )
        .toBe('at_least')
      const url = `${capped.url}/api/export/executions?from=2000-01-01T00:00:00.000Z&format=`
      const reason = /^the index holds at least [\d,]+ executions of these filters, not all \(.+\)$/

      const csv = await rawRequest(`${url}csv`)
      expect(csv.status).toBe(200)
      const lines = csv.body.trimEnd().split('\r\n')
      const rows = lines.length - 2
      expect(rows).toBeGreaterThan(0)
      expect(rows).toBeLessThan(600)
      // One CSV cell, quoted as any cell with a comma is.
      const last = lines.at(-1) ?? ''
      expect(last).toMatch(/^"# export may be incomplete after /)
      const marker = last.slice(1, -1).replaceAll('""', '"')
      const prefix = `# export may be incomplete after ${rows} rows: `
      expect(marker.startsWith(prefix), marker).toBe(true)
      expect(marker.slice(prefix.length)).toMatch(reason)
      expect(lines.slice(1, -1).filter((line) => /^"?#/.test(line))).toEqual([])

      const ndjson = await rawRequest(`${url}ndjson`)
      const records = ndjson.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(records.slice(0, -1).every((record) => typeof record.id === 'string')).toBe(true)
      const { reason: why, ...marked } = records.at(-1) ?? {}
      expect(marked).toEqual({ export_incomplete: true, rows })
      expect(why).toMatch(reason)
      expect(records).toHaveLength(rows + 1)
    } finally {
      await capped.close()
      await store.close()
    }
  }, 40_000)

  it('is refused with the reason where the server keeps no index', async () => {
    const response = await rawRequest(`${withoutIndex.url}/api/export/executions?window=1h`)
    expect(response.status).toBe(503)
    expect(response.body).toContain('"code":"index_unavailable"')
  })
})
