import http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'

let demo: RunningDemoApi
let proxy: TestDashboard
let proxyUrl = ''
const events: string[] = []

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await rawRequest(`${demo.origin}/__demo${path}`, {
    method,
    headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return JSON.parse(response.body) as unknown
}
const listCalls = async () =>
  ((await control('GET', '/stats')) as { requests: { list_executions: number } }).requests.list_executions

/** Every id the demo returns for the filter, page by page: what the export must hold. */
async function demoIds(filters: object): Promise<string[]> {
  const ids: string[] = []
  let after: string | undefined
  for (;;) {
    const response = await rawRequest(`${demo.url}/executions`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: after ? { first: 100, after } : { first: 100 }, filters }),
    })
    const page = JSON.parse(response.body) as {
      data: { id: string }[]
      page_info: { has_next_page: boolean; end_cursor: string }
    }
    ids.push(...page.data.map((execution) => execution.id))
    if (!page.page_info.has_next_page) return ids
    after = page.page_info.end_cursor
  }
}

const ownHeaders = () => ({ Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' })

function exportUrl(query: string) {
  return `${proxyUrl}/api/export/executions?${query}`
}

beforeAll(async () => {
  demo = await startDemoApi({ simulate: false, executionCount: 900 })
  proxy = await startTestDashboard({
    env: { EXEC_API_URL: demo.url, EXEC_API_TOKEN: demo.token, DASHBOARD_EXPORT_MAX_ROWS: '250' },
    onEvent: (event) => events.push(`${event.route} ${event.status} ${event.detail ?? ''}`),
  })
  proxyUrl = proxy.url
})
afterAll(async () => {
  await proxy.close()
  await demo.close()
})
beforeEach(async () => {
  await control('POST', '/reset')
  events.length = 0
})

describe('export route', () => {
  it('streams exactly the filtered executions of every page as CSV, with a file name and no caching', async () => {
    const expected = await demoIds({ states: ['failed'] })
    expect(expected.length).toBeGreaterThan(100)
    const response = await rawRequest(exportUrl('format=csv&state=failed'))
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="executions-failed-\d{4}-\d\d-\d\dT\d{4}Z\.csv"$/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const [header, ...rows] = response.body.trimEnd().split('\r\n')
    expect(header).toBe('\uFEFFid,state,created_at,updated_at,metadata')
    expect(rows.map((line) => line.split(',')[0])).toEqual(expected)
    expect(events.at(-1)).toBe(`export 200 rows=${expected.length}`)
  })

  it('cuts at the row limit with a marker line, in both formats', async () => {
    const csv = await rawRequest(exportUrl('format=csv'))
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1 + 250 + 1)
    expect(csv.body.trimEnd().split('\r\n').at(-1)).toBe('# export cut at 250 rows')
    const ndjson = await rawRequest(exportUrl('format=ndjson'))
    const lines = ndjson.body.trimEnd().split('\n')
    expect(lines).toHaveLength(251)
    expect(JSON.parse(lines.at(-1) ?? '')).toEqual({ export_truncated: true, rows: 250 })
  })

  it('ends with a failure marker when the API fails midway, and answers the error itself when it fails first', async () => {
    await control('POST', '/faults', {
      rules: [
        { operation: 'list_executions', times: 1 },
        { operation: 'list_executions', status: 503, times: 1 },
      ],
    })
    const midway = await rawRequest(exportUrl('format=ndjson&state=failed'))
    const last = JSON.parse(midway.body.trimEnd().split('\n').at(-1) ?? '') as Record<string, unknown>
    expect(last).toMatchObject({ export_failed: true, rows: 100 })
    expect(String(last.reason)).toContain('HTTP 503')

    await control('POST', '/faults', { rules: [{ operation: 'list_executions', status: 401, times: 1 }] })
    const first = await rawRequest(exportUrl('format=csv'))
    expect(first.status).toBe(401)
    expect(jsonOf(first).error.code).toBe('upstream_error')
  })

  it('stops with an error instead of looping when the API ignores page.after', async () => {
    const page = {
      data: [{ id: 'same', state: 'failed' }],
      page_info: { has_next_page: true, end_cursor: 'c1' },
    }
    await control('POST', '/faults', {
      rules: [
        {
          operation: 'list_executions',
          status: 200,
          body: JSON.stringify(page),
          contentType: 'application/json',
        },
      ],
    })
    const response = await rawRequest(exportUrl('format=csv'))
    // The same row twice is one row: the file holds it once and says why it ends there.
    expect(response.body.trimEnd().split('\r\n').at(-1)).toMatch(
      /^# export failed after 1 rows: the API sent a page it had already sent \(it ignores page.after\)/,
    )
    expect(await listCalls()).toBe(2)
  })

  it('leaves out rows the filters exclude, and marks the file as possibly incomplete (an API that ignores them)', async () => {
    const row = (id: string, state: string) => ({
      id,
      state,
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
    })
    const page = { data: [row('f1', 'failed'), row('s1', 'succeed')], page_info: { has_next_page: false } }
    await control('POST', '/faults', {
      rules: [
        {
          operation: 'list_executions',
          status: 200,
          body: JSON.stringify(page),
          contentType: 'application/json',
          times: 1,
        },
      ],
    })
    const response = await rawRequest(exportUrl('format=ndjson&state=failed'))
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.map((line) => line.id ?? null)).toEqual(['f1', null])
    expect(lines.at(-1)).toMatchObject({
      export_incomplete: true,
      rows: 1,
      reason:
        '1 rows the API returned do not match the filters and were left out; the API may not apply these filters',
    })
  })

  it('refuses a bad format, a second export at once, and cross-site requests', async () => {
    expect(jsonOf(await rawRequest(exportUrl('format=xlsx'))).error.message).toBe(
      'Unknown format “xlsx”: use csv or ndjson.',
    )

    await control('POST', '/faults', { rules: [{ operation: 'list_executions', delayMs: 400, times: 1 }] })
    const slow = rawRequest(exportUrl('format=csv&state=failed'))
    await expect.poll(listCalls).toBe(1)
    const second = await rawRequest(exportUrl('format=csv'))
    expect(second.status).toBe(429)
    expect(jsonOf(second).error.code).toBe('export_in_progress')
    expect((await slow).status).toBe(200)

    const crossSite = await rawRequest(exportUrl('format=csv'), {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
  })

  it('stops paging the API as soon as the browser goes away', async () => {
    await control('POST', '/faults', { rules: [{ operation: 'list_executions', delayMs: 150 }] })
    await new Promise<void>((resolve, reject) => {
      const request = http.get(exportUrl('format=csv'), (response) => {
        response.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? resolve() : reject(error),
      )
    })
    await expect.poll(() => events.some((event) => event.startsWith('export 499 client_gone'))).toBe(true)
    const atStop = await listCalls()
    // Two delayed pages of our own take 300 ms: an export still paging would add calls meanwhile.
    await rawRequest(`${demo.url}/executions`, {
      method: 'GET',
      headers: ownHeaders(),
      body: '{"page":{"first":1}}',
    })
    await rawRequest(`${demo.url}/executions`, {
      method: 'GET',
      headers: ownHeaders(),
      body: '{"page":{"first":1}}',
    })
    expect(await listCalls()).toBe(atStop + 2)
  })
})
