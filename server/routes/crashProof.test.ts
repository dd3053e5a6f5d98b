import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { parseUpstreamConfig, type UpstreamConfig } from '../upstream/config.ts'

/** A raw TCP "API" that writes whatever bytes a test hands it, so answers Node would never send are possible. */
let rawAnswer: (socket: net.Socket) => void = (socket) =>
  socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}')
const rawApi = net.createServer((socket) => {
  socket.once('data', () => rawAnswer(socket))
  socket.on('error', () => {})
})
const servers: TestDashboard[] = []
let proxy = ''

async function serve(upstream: UpstreamConfig): Promise<string> {
  const dashboard = await startTestDashboard({ env: {}, upstream })
  servers.push(dashboard)
  return dashboard.url
}

const list = (base = proxy) =>
  rawRequest(`${base}/api/executions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
    body: '{"page":{"first":1}}',
  })

async function stillServes(base = proxy) {
  rawAnswer = (socket) =>
    socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}')
  expect((await list(base)).status).toBe(200)
}

beforeAll(async () => {
  await new Promise<void>((resolve) => rawApi.listen(0, '127.0.0.1', resolve))
  const { port } = rawApi.address() as AddressInfo
  proxy = await serve(
    parseUpstreamConfig({ EXEC_API_URL: `http://127.0.0.1:${port}/v2`, EXEC_API_TOKEN: 'tok-123456' }),
  )
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await new Promise((resolve) => rawApi.close(resolve))
})

describe('answers the proxy cannot relay become a 502 that says so', () => {
  it.each([
    ['a status below 100', 'HTTP/1.1 099 Weird\r\nContent-Length: 0\r\n\r\n'],
    ['a status above 599', 'HTTP/1.1 600 Beyond\r\nContent-Length: 0\r\n\r\n'],
    ['an upgrade', 'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n'],
  ])('%s', async (_name, bytes) => {
    rawAnswer = (socket) => socket.end(bytes)
    const response = await list()
    expect(response.status).toBe(502)
    expect(jsonOf(response).error.code).toMatch(/^upstream_/)
    await stillServes()
  })

  it('a stream that breaks off after the headers', async () => {
    rawAnswer = (socket) => {
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"data":[',
      )
      socket.destroy()
    }
    // The answer is read whole before anything is relayed, so a broken one is a clean 502, not half a page.
    const response = await list()
    expect(response.status).toBe(502)
    expect(jsonOf(response).error.code).toMatch(/^upstream_/)
    await stillServes()
  })

  it('garbage instead of HTTP', async () => {
    rawAnswer = (socket) => socket.end('this is not http\r\n\r\n')
    const response = await list()
    expect(response.status).toBe(502)
    await stillServes()
  })
})

describe('an unexpected failure inside the proxy', () => {
  it('becomes a 500 with a request id, never a stack, and the server keeps serving', async () => {
    const broken = {
      get baseUrl(): URL {
        throw new Error('unexpected at /srv/secret/path.ts:12')
      },
      token: 'tok-123456',
      timeoutMs: 1000,
    } as UpstreamConfig
    const base = await serve(broken)
    const response = await list(base)
    expect(response.status).toBe(500)
    const error = jsonOf(response).error
    expect(error).toMatchObject({ code: 'internal_error', source: 'dashboard' })
    expect(error.request_id).toBe(response.headers['x-request-id'])
    expect(response.body).not.toMatch(/secret|tok-123456|at \//)
    expect((await rawRequest(`${base}/api/not-an-operation`)).status).toBe(404)
    await stillServes()
  })
})

describe('EXEC_API_TOKEN', () => {
  it.each(['abc€', 'two words', 'zero\u200bwidth', 'nul\u0000'])(
    'refuses %j at start-up without printing it',
    (token) => {
      const parse = () =>
        parseUpstreamConfig({ EXEC_API_URL: 'http://127.0.0.1:1/v2', EXEC_API_TOKEN: token })
      expect(parse).toThrow(/EXEC_API_TOKEN is not a valid bearer token/)
      try {
        parse()
      } catch (error) {
        expect(String(error)).not.toContain(token.trim())
      }
    },
  )
})
