import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { close, listen, rawRequest, type RawResponse } from '../testing/httpTestKit.ts'
import { seal } from './sealedCookie.ts'
import { SESSION_COOKIE } from './sessionCookie.ts'
import { parseSessionKeys, parseSessionTtl } from './sessionKeys.ts'

const TOKEN = 'lifecycle-token'
const OLD_KEY = Buffer.alloc(32, 1)
const NEW_KEY = Buffer.alloc(32, 2)
type Reply = (res: http.ServerResponse) => void
const ok: Reply = (res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end('{"data":[],"page_info":{}}')
}
let replies: Reply[] = []
let upstreamCalls = 0
/** When set, collects the bodies the API receives. */
let upstreamBodies: string[] | null = null
const upstream = http.createServer((req, res) => {
  upstreamCalls += 1
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    upstreamBodies?.push(Buffer.concat(chunks).toString())
    ;(replies.shift() ?? ok)(res)
  })
})
const servers: TestDashboard[] = []
let upstreamUrl = ''

async function startProxy(options: { ttlMs?: number } = {}) {
  const dashboard = await startTestDashboard({
    env: { EXEC_API_URL: `${upstreamUrl}/v2` },
    settings: {
      sessionKeys: { current: NEW_KEY, previous: [OLD_KEY] },
      ...(options.ttlMs ? { sessionTtlMs: options.ttlMs } : {}),
    },
  })
  servers.push(dashboard)
  return dashboard.url
}

const json = { 'Content-Type': 'application/json' }
const signIn = (proxy: string, token: unknown) =>
  rawRequest(`${proxy}/api/session`, { method: 'POST', headers: json, body: JSON.stringify({ token }) })
const list = (proxy: string, cookie: string) =>
  rawRequest(`${proxy}/api/executions`, {
    method: 'POST',
    headers: { ...json, 'X-HTTP-Method-Override': 'GET', Cookie: cookie },
    body: '{"page":{"first":1}}',
  })
const errorOf = (response: RawResponse) =>
  (JSON.parse(response.body) as { error: Record<string, string> }).error

beforeAll(async () => {
  upstreamUrl = await listen(upstream)
})
afterEach(() => {
  upstreamBodies = null
  replies = []
})
afterAll(async () => {
  await Promise.all([close(upstream), ...servers.map((server) => server.close())])
})

describe('a session that cannot be read', () => {
  it('answers session_expired for an expired cookie and never calls the API', async () => {
    const proxy = await startProxy({ ttlMs: 60_000 })
    const stale = seal({ token: TOKEN, iat: Date.now() - 120_000 }, NEW_KEY)
    const calls = upstreamCalls
    const response = await list(proxy, `${SESSION_COOKIE}=${stale}`)
    expect(response.status).toBe(401)
    expect(errorOf(response)).toMatchObject({
      code: 'session_expired',
      message: 'Your session has ended; sign in again.',
    })
    expect(response.headers['x-dashboard-error']).toBe('1')
    expect(upstreamCalls).toBe(calls)
  })

  it('tells the UI through GET /api/session that the session ended, and clears the cookie', async () => {
    const proxy = await startProxy()
    const response = await rawRequest(`${proxy}/api/session`, {
      headers: { Cookie: `${SESSION_COOKIE}=tampered` },
    })
    expect(JSON.parse(response.body)).toMatchObject({ signedIn: false, sessionEnded: true })
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/)
  })

  it('opens a cookie sealed with a previous key and re-seals it with the current one', async () => {
    const proxy = await startProxy()
    const old = seal({ token: TOKEN, iat: Date.now() }, OLD_KEY)
    const response = await list(proxy, `${SESSION_COOKIE}=${old}`)
    expect(response.status).toBe(200)
    const resealed = String(response.headers['set-cookie']?.[0] ?? '')
    expect(resealed).toMatch(new RegExp(`^${SESSION_COOKIE}=`))
    expect(resealed).not.toContain(old)
  })
})

describe('sign-in', () => {
  it('refuses a token Node could not send with 400 and keeps serving', async () => {
    const proxy = await startProxy()
    for (const token of ['abc€', 'abc\u0000', 'abc\u200b', 'tab\there']) {
      const response = await signIn(proxy, token)
      expect(response.status).toBe(400)
      expect(errorOf(response).message).toMatch(/not a valid API token/)
    }
    expect((await rawRequest(`${proxy}/api/session`)).status).toBe(200)
  })

  it('limits sign-in attempts per address with 429 and Retry-After', async () => {
    const proxy = await startProxy()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await signIn(proxy, 'x y')).status)
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    const refused = await signIn(proxy, TOKEN)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('does not take an HTML 200 from a wrong URL as a valid token', async () => {
    const proxy = await startProxy()
    replies = [(res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>Login</title>')]
    const response = await signIn(proxy, TOKEN)
    expect(response.status).toBe(502)
    expect(errorOf(response).message).toMatch(/text\/html.*check EXEC_API_URL/)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('asks a busy API once more after Retry-After, then signs in', async () => {
    const proxy = await startProxy()
    replies = [(res) => res.writeHead(503, { 'Retry-After': '0' }).end('{"message":"warming up"}'), ok]
    const response = await signIn(proxy, TOKEN)
    expect(response.status).toBe(200)
  })

  it('says the API is not available, with its reason, when it stays busy', async () => {
    const proxy = await startProxy()
    const busy: Reply = (res) => res.writeHead(429, { 'Retry-After': '0' }).end('{"message":"slow down"}')
    replies = [busy, busy]
    const response = await signIn(proxy, TOKEN)
    expect(response.status).toBe(503)
    expect(errorOf(response).message).toBe('The API is not available (HTTP 429); try again: slow down')
  })

  it.each([
    [401, '{"error_description":"token expired"}', 'The API refused this token: token expired'],
    [
      400,
      '{"errors":[{"message":"page.first is required"}]}',
      'HTTP 400 while checking the token: page.first is required',
    ],
  ])('shows the API reason for HTTP %i', async (status, body, message) => {
    const proxy = await startProxy()
    // A 400 is asked once more with `filters` in the body; this API refuses that too.
    const refuse = (res: http.ServerResponse) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body)
    replies = [refuse, refuse]
    expect(errorOf(await signIn(proxy, TOKEN)).message).toContain(message)
  })

  it('signs in at an API that requires filters in every body, asking once more with them', async () => {
    const proxy = await startProxy()
    const bodies: string[] = []
    replies = [
      (res) =>
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"message":"filters: is required"}'),
    ]
    upstreamBodies = bodies
    const response = await signIn(proxy, TOKEN)
    expect(response.status).toBe(200)
    expect(bodies).toEqual(['{"page":{"first":1}}', '{"page":{"first":1},"filters":{}}'])
  })
})

describe('session settings', () => {
  it('refuses to start in production sign-in mode without a key, saying how to make one', () => {
    expect(() => parseSessionKeys({ NODE_ENV: 'production' }, { signInMode: true })).toThrow(
      /openssl rand -hex 32/,
    )
    expect(parseSessionKeys({ NODE_ENV: 'production' }, { signInMode: false }).current).toHaveLength(32)
  })

  it('reads a current key and previous keys', () => {
    const keys = parseSessionKeys(
      { DASHBOARD_SESSION_KEY: `${'ab'.repeat(32)}, ${OLD_KEY.toString('base64')}` },
      { signInMode: true },
    )
    expect(keys.current.toString('hex')).toBe('ab'.repeat(32))
    expect(keys.previous).toEqual([OLD_KEY])
    expect(() => parseSessionKeys({ DASHBOARD_SESSION_KEY: 'short' }, { signInMode: true })).toThrow(
      /key 1 is not 32 bytes/,
    )
  })

  it('reads the lifetime in seconds or with a unit', () => {
    expect(parseSessionTtl(undefined)).toBe(8 * 3_600_000)
    expect(parseSessionTtl('3600')).toBe(3_600_000)
    expect(parseSessionTtl('30m')).toBe(1_800_000)
    expect(() => parseSessionTtl('soon')).toThrow(/DASHBOARD_SESSION_TTL/)
  })
})
