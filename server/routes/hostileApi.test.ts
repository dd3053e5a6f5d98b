import http from 'node:http'
import { constants, createBrotliCompress } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { close, jsonOf, listen, rawRequest } from '../testing/httpTestKit.ts'

/*
 * A hostile or broken API against the real server (issue 24 §1): each case drives the dashboard's own routes and
 * then shows that another user is still served.
 */
const TOKEN = 'hostile-api-secret-token'
const EXPORT_MAX_ROWS = 100

type ListMode = 'normal' | 'empty_pages' | 'one_row' | 'token_row' | 'no_metadata' | 'silent_cap'
let listMode: ListMode = 'normal'
let listCalls = 0
let served = 0
let bomb: Buffer = Buffer.alloc(0)

const row = (n: number) => ({
  id: `e${n}`,
  state: 'failed',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  metadata: { env: 'prod' },
})

/** Two rows a page whatever `first` asks, an end_cursor and no has_next_page, over `SILENT_ROWS` rows. */
const SILENT_ROWS = 5
function silentCap(body: string): unknown {
  const after = (JSON.parse(body || '{}') as { page?: { after?: string } }).page?.after
  const from = after ? Number(after.slice(1)) : 0
  const data = Array.from({ length: Math.max(0, Math.min(2, SILENT_ROWS - from)) }, (_, n) =>
    row(from + n + 1),
  )
  return { data, page_info: { end_cursor: data.length ? `c${from + data.length}` : null } }
}

function listAnswer(body: string): unknown {
  served += 1
  if (listMode === 'silent_cap') return silentCap(body)
  const next = { has_next_page: true, end_cursor: `cursor-${served}` }
  if (listMode === 'empty_pages') return { data: [], page_info: next }
  if (listMode === 'one_row') return { data: [row(served)], page_info: next }
  const data = [row(1), row(2)]
  if (listMode === 'token_row') data[1] = { ...row(2), metadata: { env: `prod ${TOKEN}` } }
  if (listMode === 'no_metadata')
    return { data: data.map(({ metadata: _, ...rest }) => rest), page_info: { has_next_page: false } }
  return { data, page_info: { has_next_page: false, end_cursor: 'e2' } }
}

const upstream = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => answerUpstream(req, res, Buffer.concat(chunks).toString()))
})

function answerUpstream(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const path = req.url ?? ''
  const bombed = /\/executions\/bomb-(\d+)\/attempts$/.exec(path)
  if (bombed) {
    res.writeHead(Number(bombed[1]), { 'Content-Type': 'application/json', 'Content-Encoding': 'br' })
    return res.end(bomb)
  }
  if (path.endsWith('/executions')) listCalls += 1
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(listAnswer(body)))
}

/** A gigabyte of zeros as brotli: about 190 KB on the wire. */
async function brotliBomb(bytes: number): Promise<Buffer> {
  const encoder = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
  const chunks: Buffer[] = []
  encoder.on('data', (chunk: Buffer) => chunks.push(chunk))
  const zeros = Buffer.alloc(1024 * 1024)
  for (let written = 0; written < bytes; written += zeros.length) encoder.write(zeros)
  encoder.end()
  await new Promise((resolve) => encoder.on('end', resolve))
  return Buffer.concat(chunks)
}

let dashboard: TestDashboard
const events: string[] = []
const list = () =>
  rawRequest(`${dashboard.url}/api/executions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
    body: '{"page":{"first":20}}',
  })

beforeAll(async () => {
  bomb = await brotliBomb(1024 * 1024 * 1024)
  const upstreamUrl = await listen(upstream)
  dashboard = await startTestDashboard({
    env: {
      EXEC_API_URL: `${upstreamUrl}/v2`,
      EXEC_API_TOKEN: TOKEN,
      DASHBOARD_EXPORT_MAX_ROWS: String(EXPORT_MAX_ROWS),
    },
    onEvent: (event) => events.push(`${event.route} ${event.status} ${event.detail ?? ''}`),
  })
}, 30_000)
afterAll(async () => {
  await dashboard.close()
  await close(upstream)
})
beforeEach(() => {
  listMode = 'normal'
  listCalls = 0
  served = 0
  events.length = 0
})

describe('decompression bombs', () => {
  it('four 1 GB bombs at once cost a bounded read each, and another user is served meanwhile', async () => {
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2)
    const attempts = (status: number) => rawRequest(`${dashboard.url}/api/executions/bomb-${status}/attempts`)
    const [ok1, ok2, error1, error2, other] = await Promise.all([
      attempts(200),
      attempts(200),
      attempts(500),
      attempts(503),
      list(),
    ])
    clearInterval(sampler)
    expect(other.status).toBe(200)
    expect(jsonOf(other)).toMatchObject({ data: [{ id: 'e1' }, { id: 'e2' }] })
    for (const answer of [ok1, ok2]) {
      expect(answer.status).toBe(502)
      expect(jsonOf(answer).error.message).toMatch(/larger than 34 MB/)
    }
    // An error body is read no further than 256 KB: its status stands and its message is withheld.
    expect([error1.status, error2.status]).toEqual([500, 503])
    for (const answer of [error1, error2])
      expect(jsonOf(answer).error).toMatchObject({
        code: 'upstream_error_withheld',
        message: expect.stringContaining('because it was too large') as unknown,
      })
    // Unbounded, each would have held 1 GB; bounded, two answers hold 32 MB each and the errors 256 KB.
    expect(peak - before).toBeLessThan(400 * 1024 * 1024)
    expect((await list()).status).toBe(200)
  })
})

describe('endless paging', () => {
  it('an export over empty pages with fresh cursors ends after a few calls, and its last line says why', async () => {
    listMode = 'empty_pages'
    const file = await rawRequest(`${dashboard.url}/api/export/executions?format=csv`)
    expect(file.body.trimEnd().split('\r\n').at(-1)).toBe(
      '# export failed after 0 rows: the API sent 3 empty pages in a row while saying more followed',
    )
    expect(listCalls).toBe(3)
    listMode = 'normal'
    expect((await list()).status).toBe(200)
  })

  it('an export over pages of one row stops at a page budget derived from the row cap', async () => {
    listMode = 'one_row'
    const file = await rawRequest(`${dashboard.url}/api/export/executions?format=ndjson`)
    const lines = file.body.trimEnd().split('\n')
    // 100 rows at 100 a page need one page; the budget is four times that, plus four.
    expect(listCalls).toBe(8)
    expect(lines).toHaveLength(8 + 1)
    expect(JSON.parse(lines.at(-1) ?? '')).toEqual({
      export_failed: true,
      rows: 8,
      reason: 'it stopped after 8 pages, which held only 8 rows',
    })
  })

  it('the id set a bulk run counts stops on the same rules, and says it is not complete', async () => {
    listMode = 'empty_pages'
    const empty = jsonOf(await rawRequest(`${dashboard.url}/api/executions/ids?state=failed&max=5`))
    expect(empty).toMatchObject({ complete: false, count: 0 })
    expect(empty.note).toMatch(/3 empty pages in a row/)
    expect(listCalls).toBe(3)
  })
})

describe('rows the filters cannot be checked on', () => {
  it('rows with no metadata under a metadata filter are kept (the API’s word stands), counted and said', async () => {
    listMode = 'no_metadata'
    const file = await rawRequest(`${dashboard.url}/api/export/executions?format=csv&m.env=prod`)
    const lines = file.body.trimEnd().split('\r\n')
    expect(lines).toHaveLength(1 + 2 + 1)
    expect(lines.at(-1)).toBe(
      "# export not checked against the filters: 2 rows carry no metadata: the metadata filters could not be checked on them and the API's word stands",
    )
    const ids = jsonOf(await rawRequest(`${dashboard.url}/api/executions/ids?m.env=prod&max=5`))
    expect(ids).toMatchObject({ count: 2, complete: true })
    expect(ids.note).toMatch(/^2 rows carry no metadata/)
  })
})

describe('an API that caps its pages silently', () => {
  it('is followed to its end: the export and the count hold every row, not the first page', async () => {
    listMode = 'silent_cap'
    const file = await rawRequest(`${dashboard.url}/api/export/executions?format=csv`)
    const lines = file.body.trimEnd().split('\r\n')
    // The header and five rows, with no marker: the empty page after the last cursor is the API's end.
    expect(lines).toHaveLength(1 + SILENT_ROWS)
    expect(file.body).not.toMatch(/incomplete/)
    const ids = jsonOf(await rawRequest(`${dashboard.url}/api/executions/ids?max=50`))
    expect(ids).toMatchObject({ count: SILENT_ROWS, complete: true })
  })
})

describe('the token in an answer that is not an error', () => {
  it('is withheld from the relayed list, never written to an export, and logged', async () => {
    listMode = 'token_row'
    const relayed = await list()
    expect(relayed.status).toBe(502)
    expect(relayed.body).not.toContain(TOKEN)
    expect(jsonOf(relayed).error.code).toBe('upstream_error_withheld')
    const file = await rawRequest(`${dashboard.url}/api/export/executions?format=csv`)
    expect(file.body).not.toContain(TOKEN)
    expect(events.some((event) => event.includes('repeated the credentials'))).toBe(true)
    const ids = await rawRequest(`${dashboard.url}/api/executions/ids?state=failed&max=5`)
    expect(ids.body).not.toContain(TOKEN)
    expect(ids.status).toBe(502)
  })
})
