import { createServer, request } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listen, close } from '../testing/httpTestKit.ts'
import type { RunningDemoApi } from './index.ts'
import { BODY_LIMIT_BYTES } from './requestBody.ts'
import { bareContentType, sendError, textContentType } from './respond.ts'
import { startTestApi } from './testClient.ts'
import type { DemoClient, ErrorJson } from './testClient.ts'

let api: RunningDemoApi
let client: DemoClient

beforeAll(async () => {
  ;({ api, client } = await startTestApi({ executionCount: 30 }))
})
afterAll(() => api.close())

interface BufferResult {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

/** A request with a raw body, sent in one piece with Content-Length or in chunks without. */
function sendBuffer(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  chunked = false,
): Promise<BufferResult> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      )
    })
    sent.on('error', reject)
    // Node frames a GET body only when told to.
    if (chunked) sent.setHeader('Transfer-Encoding', 'chunked')
    else sent.setHeader('Content-Length', body.length)
    const half = Math.floor(body.length / 2)
    sent.write(body.subarray(0, half))
    sent.end(body.subarray(half))
  })
}

const auth = () => ({ authorization: `Bearer ${api.token}` })
const errorOf = (text: string) => (JSON.parse(text) as ErrorJson).error

describe('body limit', () => {
  const oversized = Buffer.from(`{"pad":"${'x'.repeat(BODY_LIMIT_BYTES)}"}`)

  it.each([false, true])(
    'answers 413 past 1 MB (chunked: %s), after reading the body off',
    async (chunked) => {
      const headers = { ...auth(), 'content-type': 'application/json' }
      const response = await sendBuffer(`${api.url}/executions`, oversized, headers, chunked)
      expect(response.status).toBe(413)
      expect(errorOf(response.text).code).toBe('payload_too_large')
    },
  )

  it('refuses a large non-JSON body with 413 too, and accepts a body of exactly 1 MB', async () => {
    const text = await sendBuffer(`${api.url}/executions`, oversized, {
      ...auth(),
      'content-type': 'text/plain',
    })
    expect(text.status).toBe(413)
    const padded = Buffer.from(`{"page":{"first":1}}`.padEnd(BODY_LIMIT_BYTES, ' '))
    const ok = await sendBuffer(`${api.url}/executions`, padded, {
      ...auth(),
      'content-type': 'application/json',
    })
    expect(ok.status).toBe(200)
  })
})

describe('request bodies', () => {
  it('reads a gzip-encoded JSON body and refuses an unknown encoding with 415', async () => {
    const body = gzipSync('{"page":{"first":2}}')
    const headers = { ...auth(), 'content-type': 'application/json', 'content-encoding': 'gzip' }
    const zipped = await sendBuffer(`${api.url}/executions`, body, headers)
    expect(zipped.status).toBe(200)
    expect((JSON.parse(zipped.text) as { data: unknown[] }).data).toHaveLength(2)
    const odd = await sendBuffer(`${api.url}/executions`, body, { ...headers, 'content-encoding': 'zstd' })
    expect(odd.status).toBe(415)
  })

  it('refuses a charset other than UTF-8 with 415, and a JSON scalar as malformed', async () => {
    const latin1 = await client.listExecutions(undefined, {
      body: '{}',
      headers: { 'content-type': 'application/json; charset=latin1' },
    })
    expect(latin1.status).toBe(415)
    const scalar = await client.listExecutions(undefined, {
      body: '5',
      headers: { 'content-type': 'application/json' },
    })
    expect(scalar.status).toBe(400)
    expect((scalar.json as unknown as ErrorJson).error.message).toMatch(/^Malformed JSON/)
  })
})

describe('response headers', () => {
  it('answers no-store JSON without ETag or X-Powered-By, on success and on error alike', async () => {
    for (const response of [await client.listExecutions(), await client.send('/nowhere')]) {
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers.etag).toBeUndefined()
      expect(response.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('answers 401 with a Bearer challenge', async () => {
    const response = await client.listExecutions(undefined, { token: null })
    expect(response.status).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
  })

  it('lists every method of a control route in Allow', async () => {
    const response = await client.send('/__demo/faults', { method: 'PUT', json: {} })
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('GET, POST, DELETE')
  })
})

describe('control routes', () => {
  it('match with a trailing slash and in any case, as express routes did', async () => {
    expect((await client.send('/__demo/stats/')).status).toBe(200)
    expect((await client.send('/__DEMO/Stats')).status).toBe(200)
  })

  it('keep health open to GET and HEAD only', async () => {
    const head = await client.send('/__demo/health', { method: 'HEAD', token: null })
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
    expect((await client.send('/__demo/health', { method: 'POST', token: null })).status).toBe(401)
    expect((await client.send('/__demo/health', { method: 'POST' })).status).toBe(404)
  })
})

describe('fault content types', () => {
  it('sends a rule body as UTF-8 text of the named type', async () => {
    const headers = { 'x-demo-fault': JSON.stringify({ status: 502, body: '<p>x</p>', contentType: 'html' }) }
    const response = await client.listExecutions(undefined, { headers })
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.text).toBe('<p>x</p>')
  })

  it('names the type of an empty answer', async () => {
    const headers = { 'x-demo-fault': JSON.stringify({ status: 200, contentType: 'text/plain' }) }
    const response = await client.listExecutions(undefined, { headers })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.text).toBe('')
  })

  it('maps content types as express did', () => {
    expect(textContentType('text/html; charset=latin1')).toBe('text/html; charset=utf-8')
    expect(textContentType('nonsense')).toBe('application/octet-stream; charset=utf-8')
    expect(bareContentType('application/json')).toBe('application/json; charset=utf-8')
    expect(bareContentType('image/png')).toBe('image/png')
    expect(bareContentType('text/csv; charset=latin1')).toBe('text/csv; charset=latin1')
  })
})

describe('unexpected errors', () => {
  it('become a 500 JSON error and are logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const server = createServer((_req, res) => sendError(res, new TypeError('boom')))
    const origin = await listen(server)
    try {
      const response = await sendBuffer(origin, Buffer.alloc(0), {})
      expect(response.status).toBe(500)
      expect(errorOf(response.text)).toEqual({ code: 'internal_error', message: 'Unexpected server error' })
      expect(log).toHaveBeenCalledOnce()
    } finally {
      log.mockRestore()
      await close(server)
    }
  })
})
