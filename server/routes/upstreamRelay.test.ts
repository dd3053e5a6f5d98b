import http from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { close, listen, jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'

const TOKEN = 'relay-secret-token'
let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('{}')
let upstreamArrived = 0
let upstreamClosed = 0
const upstream = http.createServer((req, res) => {
  upstreamArrived += 1
  res.on('close', () => (upstreamClosed += 1))
  req.resume()
  reply(req, res)
})
const servers: TestDashboard[] = []
let proxy = ''

const listBody = '{"page":{"first":1}}'
const list = (headers: Record<string, string> = {}) =>
  rawRequest(`${proxy}/api/executions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET', ...headers },
    body: listBody,
  })

/** rawRequest decodes text; this keeps the bytes to check an encoding. */
function rawBytes(
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${proxy}/api/executions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET', ...headers },
    })
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
    request.end(listBody)
  })
}

let upstreamUrl = ''
async function startProxy(timeoutMs: string) {
  const dashboard = await startTestDashboard({
    env: { EXEC_API_URL: `${upstreamUrl}/v2`, EXEC_API_TOKEN: TOKEN, EXEC_API_TIMEOUT_MS: timeoutMs },
    bodyLimitBytes: 1024,
  })
  servers.push(dashboard)
  return dashboard.url
}

beforeAll(async () => {
  upstreamUrl = await listen(upstream)
  proxy = await startProxy('400')
})

afterAll(async () => {
  await Promise.all([close(upstream), ...servers.map((server) => server.close())])
})

describe('what comes back from the API', () => {
  it('reads an encoded answer (within its limit) and relays it in an encoding the browser accepts', async () => {
    const gz = gzipSync('{"data":[],"page_info":{}}')
    reply = (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(gz)
    const plain = await rawBytes({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe('{"data":[],"page_info":{}}')
    const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `e-${i}` })) })
    reply = (_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
        .end(gzipSync(big))
    const compressed = await rawBytes({ 'Accept-Encoding': 'gzip' })
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(compressed.body).toString()).toBe(big)
  })

  it('answers a decompression bomb with a 502 at once, and keeps serving', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024))
    reply = (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(bomb)
    const response = await list()
    expect(response.status).toBe(502)
    expect(jsonOf(response).error.message).toMatch(/larger than 34 MB/)
    reply = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    expect((await list()).status).toBe(200)
  })

  it('compresses a plain answer of 1 KB or more when the browser accepts gzip, and keeps Content-Length otherwise', async () => {
    const body = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `e-${i}` })) })
    reply = (_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) })
        .end(body)
    const compressed = await rawBytes({ 'Accept-Encoding': 'gzip' })
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(compressed.body).toString()).toBe(body)
    const plain = await rawBytes({})
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(body)))
  })

  it('compresses a page of a few KB in gzip (the cheaper), an answer past 64 KB in brotli, and in brotli for a browser that takes only that', async () => {
    const cases = [
      { rows: 100, accept: 'gzip, deflate, br', encoding: 'gzip' },
      { rows: 5000, accept: 'gzip, deflate, br', encoding: 'br' },
      { rows: 100, accept: 'br', encoding: 'br' },
      { rows: 5000, accept: 'gzip', encoding: 'gzip' },
    ]
    for (const { rows, accept, encoding } of cases) {
      const body = JSON.stringify({ data: Array.from({ length: rows }, (_, i) => ({ id: `e-${i}` })) })
      reply = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
      const compressed = await rawBytes({ 'Accept-Encoding': accept })
      expect(compressed.headers['content-encoding']).toBe(encoding)
      const decoded = encoding === 'br' ? brotliDecompressSync(compressed.body) : gunzipSync(compressed.body)
      expect(decoded.toString()).toBe(body)
    }
  })

  it('takes a q of 0 as a refusal of that encoding, whatever the size (issue 48: br;q=0 got brotli)', async () => {
    const cases = [
      { rows: 100, accept: 'br;q=0, gzip', encoding: 'gzip' },
      { rows: 5000, accept: 'br;q=0, gzip', encoding: 'gzip' },
      { rows: 5000, accept: 'gzip;q=0, br', encoding: 'br' },
      { rows: 100, accept: 'gzip;q=0, br;q=0', encoding: undefined },
    ]
    for (const { rows, accept, encoding } of cases) {
      const body = JSON.stringify({ data: Array.from({ length: rows }, (_, i) => ({ id: `e-${i}` })) })
      reply = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
      const answer = await rawBytes({ 'Accept-Encoding': accept })
      expect([accept, rows, answer.headers['content-encoding']]).toEqual([accept, rows, encoding])
    }
  })

  it('says how old a read is, and asks the API again when the browser asks for no-cache (Refresh now)', async () => {
    reply = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}')
    const reusing = await startTestDashboard({
      env: { EXEC_API_URL: `${upstreamUrl}/v2`, EXEC_API_TOKEN: TOKEN },
      settings: { reuseMs: 60_000 },
    })
    servers.push(reusing)
    const read = (headers: Record<string, string> = {}) =>
      rawRequest(`${reusing.url}/api/executions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET', ...headers },
        body: listBody,
      })
    const before = upstreamArrived
    const first = await read()
    const reused = await read()
    expect(upstreamArrived - before).toBe(1)
    for (const answer of [first, reused])
      expect(Number(answer.headers['x-answer-age'])).toBeGreaterThanOrEqual(0)
    await read({ 'Cache-Control': 'no-cache' })
    expect(upstreamArrived - before).toBe(2)
  })

  it('never relays Set-Cookie from the API', async () => {
    reply = (_req, res) =>
      res.writeHead(200, { 'Set-Cookie': 'upstream=1', 'Content-Type': 'application/json' }).end('{}')
    expect((await list()).headers['set-cookie']).toBeUndefined()
  })

  it('withholds an error body that repeats the token', async () => {
    reply = (_req, res) =>
      res
        .writeHead(400, { 'Content-Type': 'application/json' })
        .end(`{"message":"bad header Bearer ${TOKEN}"}`)
    const response = await list()
    expect(response.status).toBe(400)
    expect(response.body).not.toContain(TOKEN)
    expect(jsonOf(response).error.code).toBe('upstream_error_withheld')
  })
})

describe('the upstream call', () => {
  it('has a total deadline: an API that drips bytes is cut at it', async () => {
    reply = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      const drip = setInterval(() => res.write(' '), 50)
      res.on('close', () => clearInterval(drip))
    }
    const response = await list()
    expect(response.status).toBe(504)
    expect(jsonOf(response).error.code).toBe('upstream_timeout')
  })

  it('answers 504 when the API sends nothing before the deadline', async () => {
    reply = () => {}
    const response = await list()
    expect(response.status).toBe(504)
  })

  it('is aborted as soon as the browser goes away', async () => {
    const slowProxy = await startProxy('10000')
    reply = () => {}
    const [arrived, closed] = [upstreamArrived, upstreamClosed]
    const request = http.request(`${slowProxy}/api/executions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
    })
    request.on('error', () => {})
    request.end(listBody)
    await expect.poll(() => upstreamArrived).toBe(arrived + 1)
    request.destroy()
    // Well before the 10 s deadline: the proxy closed the upstream call because the browser left.
    await expect.poll(() => upstreamClosed, { timeout: 1000 }).toBe(closed + 1)
  })
})

describe('bodies over the limit', () => {
  it('are refused by their declared length before a byte is read', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${proxy}/api/executions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-HTTP-Method-Override': 'GET',
          'Content-Length': '10000000',
          Expect: '100-continue',
        },
      })
      request.on('response', resolve)
      request.on('error', reject)
      request.flushHeaders()
    })
    expect(response.statusCode).toBe(413)
    response.resume()
  })
})

describe('what never comes back from the API', () => {
  it('withholds a 200 list answer that repeats the token, and a Content-Type holding it', async () => {
    reply = (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"data":[{"id":"${TOKEN}"}]}`)
    const echoed = await list()
    expect(echoed.status).toBe(502)
    expect(echoed.body).not.toContain(TOKEN)
    expect(jsonOf(echoed).error.code).toBe('upstream_error_withheld')
    reply = (_req, res) => res.writeHead(200, { 'Content-Type': `application/json; x=${TOKEN}` }).end('{}')
    const header = await list()
    expect(header.headers['content-type']).toBeUndefined()
  })

  it('never lets the index keep an answer that repeats the token', async () => {
    const store = await openEmbeddedStore(await embeddedDataDir())
    await migrate(store)
    const indexed = await startTestDashboard({
      env: { EXEC_API_URL: `${upstreamUrl}/v2`, EXEC_API_TOKEN: TOKEN },
      store,
      index: { refreshMs: 60_000 },
    })
    const rowWith = (note: string) => ({
      id: 'known',
      state: 'failed',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
      metadata: { note },
    })
    let row = rowWith('nothing secret')
    reply = (_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ data: [row], page_info: { has_next_page: false } }))
    const indexList = async () => (await rawRequest(`${indexed.url}/api/index/executions`)).body
    await expect.poll(indexList, { timeout: 15_000 }).toContain('nothing secret')
    // The API echoes the token in a row the index knows: the browser gets a 502, and the index learns nothing.
    row = rowWith(TOKEN)
    const relayed = await rawRequest(`${indexed.url}/api/executions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
      body: listBody,
    })
    expect(relayed.status).toBe(502)
    const after = await indexList()
    await indexed.close()
    await store.close()
    expect(after).toContain('nothing secret')
    expect(after).not.toContain(TOKEN)
    // The index's first scan runs under the machine's load: the poll above waits up to 15 s for it.
  }, 30_000)

  it('relays only a Retry-After that is a number or an HTTP date, and never a redirect', async () => {
    reply = (_req, res) =>
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': 'soon; rm -rf' }).end('{}')
    expect((await list()).headers['retry-after']).toBeUndefined()
    reply = (_req, res) =>
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '7' }).end('{}')
    expect((await list()).headers['retry-after']).toBe('7')
    reply = (_req, res) =>
      res
        .writeHead(302, { Location: 'https://evil.example/', 'Content-Type': 'text/html' })
        .end('<a>moved</a>')
    const redirect = await list()
    expect(redirect.status).toBe(502)
    expect(redirect.headers.location).toBeUndefined()
    expect(redirect.body).not.toContain('moved')
  })
})
