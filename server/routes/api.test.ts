import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { close, listen, jsonOf, rawRequest } from '../testing/httpTestKit.ts'

interface SeenRequest {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

const TOKEN = 'server-secret-token-123'
const seen: SeenRequest[] = []
const logLines: string[] = []
let upstreamReply: (res: http.ServerResponse) => void = (res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end('{"data":[],"page_info":{}}')
}

const upstream = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    })
    upstreamReply(res)
  })
})

let proxyUrl = ''
let upstreamUrl = ''
const dashboards: TestDashboard[] = []

async function startProxy(env: Record<string, string>, bodyLimitBytes?: number): Promise<string> {
  const dashboard = await startTestDashboard({
    env,
    bodyLimitBytes,
    log: (line) => logLines.push(line),
    fallback: (_req, res) => {
      res.writeHead(299)
      res.end('not the proxy')
    },
  })
  dashboards.push(dashboard)
  return dashboard.url
}

const listBody = JSON.stringify({ page: { first: 5 } })
const overrideHeaders = { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' }

beforeAll(async () => {
  upstreamUrl = await listen(upstream)
  proxyUrl = await startProxy({ EXEC_API_URL: `${upstreamUrl}/some/prefix/v2`, EXEC_API_TOKEN: TOKEN })
})

afterEach(() => {
  seen.length = 0
  upstreamReply = (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end('{"data":[],"page_info":{}}')
  }
})

afterAll(async () => {
  await Promise.all([close(upstream), ...dashboards.map((dashboard) => dashboard.close())])
})

describe('forwarding the three operations', () => {
  it('turns POST + override into a GET with the same JSON body, keeping the prefix', async () => {
    const response = await rawRequest(`${proxyUrl}/api/executions`, {
      method: 'POST',
      headers: overrideHeaders,
      body: listBody,
    })
    expect(response.status).toBe(200)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/some/prefix/v2/executions', body: listBody })
    expect(seen[0]?.headers['content-type']).toBe('application/json')
    expect(seen[0]?.headers['authorization']).toBe(`Bearer ${TOKEN}`)
  })

  it('keeps an encoded slash inside the id segment', async () => {
    await rawRequest(`${proxyUrl}/api/executions/job%2F2026%20%231/attempts`, {
      method: 'POST',
      headers: overrideHeaders,
      body: listBody,
    })
    expect(seen[0]?.url).toBe('/some/prefix/v2/executions/job%2F2026%20%231/attempts')
  })

  it('forwards PATCH schedule as PATCH', async () => {
    await rawRequest(`${proxyUrl}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/some/prefix/v2/executions/e1/schedule' })
    expect(seen[0]?.body).toBe('{"schedule_for":true}')
  })

  it('replaces the browser Authorization with the server token and drops cookies', async () => {
    await rawRequest(`${proxyUrl}/api/executions`, {
      method: 'POST',
      headers: {
        ...overrideHeaders,
        Authorization: 'Bearer browser',
        Cookie: 'session=abc',
        'X-Custom': '1',
      },
      body: listBody,
    })
    expect(seen[0]?.headers['authorization']).toBe(`Bearer ${TOKEN}`)
    expect(seen[0]?.headers['cookie']).toBeUndefined()
    expect(seen[0]?.headers['x-custom']).toBeUndefined()
  })

  it('streams back status, content type and body with safe headers', async () => {
    upstreamReply = (res) => {
      res.writeHead(409, { 'Content-Type': 'application/problem+json', 'Set-Cookie': 'upstream=1' })
      res.end('{"title":"locked"}')
    }
    const response = await rawRequest(`${proxyUrl}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    expect(response).toMatchObject({ status: 409, body: '{"title":"locked"}' })
    expect(response.headers['content-type']).toBe('application/problem+json')
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })
})

describe('the allow-list', () => {
  it.each([
    ['PUT', '/api/executions'],
    ['POST', '/api/executions'],
    ['DELETE', '/api/executions/e1'],
    ['PATCH', '/api/executions/e1/attempts'],
    ['GET', '/api/executions/e1/schedule'],
    ['GET', '/api/other'],
    ['GET', '/api/executions/e1/attempts/extra'],
    ['PATCH', '/api/executions//schedule'],
    ['PATCH', '/api/executions/../executions/e1/schedule'],
    ['PATCH', '/api/executions/./schedule'],
    ['PATCH', '/api/executions/../schedule'],
    ['PATCH', '/api/executions/%E0%A4%A/schedule'],
    ['GET', '/api//executions'],
    ['GET', '/api/https://evil.example/executions'],
    ['GET', '/api//evil.example/executions'],
    ['GET', '/api/executions/%2e%2e%2f%2e%2e/attempts/..'],
    ['GET', '/api/%2e%2e/executions'],
  ])('refuses %s %s with 404 and never calls upstream', async (method, path) => {
    const response = await rawRequest(`${proxyUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(404)
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'not_found' } })
    expect(seen).toHaveLength(0)
  })

  it.each(['%2E%', '%2E%2E%', '%2e', '.%2E'])(
    'refuses the id %s (a real "." or "..", which a normalising API would resolve as a walk) with a clear error',
    async (raw) => {
      const response = await rawRequest(`${proxyUrl}/api/executions/${raw}/schedule`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: '{"schedule_for":true}',
      })
      expect(response.status).toBe(400)
      expect(jsonOf(response).error).toMatchObject({ code: 'id_not_addressable', source: 'dashboard' })
      expect(jsonOf(response).error.message).toMatch(/cannot be addressed through the API/)
      expect(seen).toHaveLength(0)
    },
  )

  it('keeps an encoded traversal inside the id segment', async () => {
    await rawRequest(`${proxyUrl}/api/executions/..%2F..%2Fadmin/attempts`, {
      method: 'POST',
      headers: overrideHeaders,
      body: listBody,
    })
    expect(seen[0]?.url).toBe('/some/prefix/v2/executions/..%2F..%2Fadmin/attempts')
  })

  it('leaves paths outside /api to the next handler', async () => {
    const response = await rawRequest(`${proxyUrl}/apix/executions`)
    expect(response.status).toBe(299)
  })
})

describe('request hygiene', () => {
  it('refuses non-JSON bodies with 415', async () => {
    const response = await rawRequest(`${proxyUrl}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'text/plain' },
      body: 'schedule_for=true',
    })
    expect(response.status).toBe(415)
    expect(seen).toHaveLength(0)
  })

  it('refuses bodies over the limit with 413', async () => {
    const small = await startProxy({ EXEC_API_URL: upstreamUrl, EXEC_API_TOKEN: TOKEN }, 100)
    const response = await rawRequest(`${small}/api/executions`, {
      method: 'POST',
      headers: overrideHeaders,
      body: JSON.stringify({ pad: 'x'.repeat(200) }),
    })
    expect(response.status).toBe(413)
    expect(seen).toHaveLength(0)
  })

  it('refuses cross-site requests', async () => {
    const bySecFetch = await rawRequest(`${proxyUrl}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: '{"schedule_for":true}',
    })
    const byOrigin = await rawRequest(`${proxyUrl}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: '{"schedule_for":true}',
    })
    expect([bySecFetch.status, byOrigin.status]).toEqual([403, 403])
    expect(seen).toHaveLength(0)
  })
})

describe('upstream failures', () => {
  it('answers 502 naming the cause when the upstream is unreachable, without the token', async () => {
    const dead = http.createServer()
    const deadUrl = await listen(dead)
    await close(dead)
    const proxy = await startProxy({ EXEC_API_URL: `${deadUrl}/v2`, EXEC_API_TOKEN: TOKEN })
    const response = await rawRequest(`${proxy}/api/executions`, {
      method: 'POST',
      headers: overrideHeaders,
      body: listBody,
    })
    expect(response.status).toBe(502)
    expect(jsonOf(response).error.message).toContain('ECONNREFUSED')
    expect(response.body).not.toContain(TOKEN)
  })

  it('answers 504 when the upstream does not answer in time', async () => {
    upstreamReply = () => {}
    const proxy = await startProxy({
      EXEC_API_URL: upstreamUrl,
      EXEC_API_TOKEN: TOKEN,
      EXEC_API_TIMEOUT_MS: '150',
    })
    const response = await rawRequest(`${proxy}/api/executions`, {
      method: 'POST',
      headers: overrideHeaders,
      body: listBody,
    })
    expect(response.status).toBe(504)
    expect(response.body).not.toContain(TOKEN)
  })

  it('never writes the token into its log lines', () => {
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toContain(TOKEN)
  })
})

describe('without a server token', () => {
  it('forwards the browser Authorization header', async () => {
    const proxy = await startProxy({ EXEC_API_URL: upstreamUrl })
    await rawRequest(`${proxy}/api/executions`, {
      method: 'POST',
      headers: { ...overrideHeaders, Authorization: 'Bearer from-browser' },
      body: listBody,
    })
    expect(seen[0]?.headers['authorization']).toBe('Bearer from-browser')
  })
})

describe('a chunked upload past the limit', () => {
  it('is answered 413 and its connection closed, instead of being read to the end', async () => {
    const small = await startProxy({ EXEC_API_URL: upstreamUrl, EXEC_API_TOKEN: TOKEN }, 1024)
    const { port } = new URL(small)
    const net = await import('node:net')
    const socket = net.connect(Number(port), '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.on('error', () => {})
    socket.write(
      'POST /api/executions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-HTTP-Method-Override: GET\r\nTransfer-Encoding: chunked\r\n\r\n',
    )
    const chunk = 'x'.repeat(4096)
    let sent = 0
    const pump = setInterval(() => {
      if (socket.destroyed) return
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
      sent += chunk.length
    }, 5)
    await closed
    clearInterval(pump)
    expect(answer).toMatch(/^HTTP\/1.1 413/)
    // Closed long before a large upload could finish.
    expect(sent).toBeLessThan(2 * 1024 * 1024)
    expect(seen).toHaveLength(0)
  })
})
