import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { close, listen, jsonOf, rawRequest, type RawResponse } from '../testing/httpTestKit.ts'
import { sessionKeyFrom } from './sealedCookie.ts'
import { SESSION_COOKIE } from './sessionCookie.ts'

const GOOD_TOKEN = 'good-token-value'
const seenAuthorization: (string | undefined)[] = []
let revoked = false

const upstream = http.createServer((req, res) => {
  seenAuthorization.push(req.headers.authorization)
  req.resume()
  const ok = req.headers.authorization === `Bearer ${GOOD_TOKEN}` && !revoked
  res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' })
  res.end(ok ? '{"data":[],"page_info":{}}' : '{"error":"bad token"}')
})

let signInProxy = ''
/** Its own sign-in limiter: the name's tests add attempts the others do not count on. */
let namedProxy = ''
let serverTokenProxy = ''
const servers: TestDashboard[] = []

const logLines: string[] = []

async function startProxy(env: Record<string, string>) {
  const dashboard = await startTestDashboard({
    env,
    settings: { sessionKeys: { current: sessionKeyFrom('22'.repeat(32)), previous: [] } },
    log: (line) => logLines.push(line),
  })
  servers.push(dashboard)
  return dashboard.url
}

const json = { 'Content-Type': 'application/json' }
const signIn = (token: unknown) =>
  rawRequest(`${signInProxy}/api/session`, { method: 'POST', headers: json, body: JSON.stringify({ token }) })
const cookieOf = (response: RawResponse) => String(response.headers['set-cookie']?.[0] ?? '')
const listWith = (cookie: string) =>
  rawRequest(`${signInProxy}/api/executions`, {
    method: 'POST',
    headers: { ...json, 'X-HTTP-Method-Override': 'GET', Cookie: cookie.split(';')[0] ?? '' },
    body: '{"page":{"first":1}}',
  })

beforeAll(async () => {
  const upstreamUrl = await listen(upstream)
  signInProxy = await startProxy({ EXEC_API_URL: `${upstreamUrl}/v2` })
  namedProxy = await startProxy({ EXEC_API_URL: `${upstreamUrl}/v2` })
  serverTokenProxy = await startProxy({ EXEC_API_URL: `${upstreamUrl}/v2`, EXEC_API_TOKEN: GOOD_TOKEN })
})

afterAll(async () => {
  await Promise.all([close(upstream), ...servers.map((server) => server.close())])
})

describe('sign-in mode (no server token)', () => {
  it('reports that sign-in is needed', async () => {
    const response = await rawRequest(`${signInProxy}/api/session`)
    expect(JSON.parse(response.body)).toMatchObject({ mode: 'sign-in', signedIn: false })
  })

  it('verifies the token upstream, then keeps it only in a sealed HttpOnly SameSite=Strict cookie', async () => {
    const response = await signIn(GOOD_TOKEN)
    expect(response.status).toBe(200)
    expect(seenAuthorization.at(-1)).toBe(`Bearer ${GOOD_TOKEN}`)
    const cookie = cookieOf(response)
    expect(cookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[\\w-]+; Path=/api; HttpOnly; SameSite=Strict; Max-Age=28800$`),
    )
    expect(cookie).not.toContain(GOOD_TOKEN)
    expect(response.body).not.toContain(GOOD_TOKEN)

    const session = await rawRequest(`${signInProxy}/api/session`, {
      headers: { Cookie: cookie.split(';')[0] ?? '' },
    })
    expect(JSON.parse(session.body)).toMatchObject({ signedIn: true })
  })

  it('seals the name given at sign-in with the token: the user is that name and the token’s mark', async () => {
    const response = await rawRequest(`${namedProxy}/api/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: GOOD_TOKEN, name: '  alice  ' }),
    })
    expect(response.status).toBe(200)
    const cookie = cookieOf(response)
    expect(cookie).not.toContain('alice')
    const who = await rawRequest(`${namedProxy}/api/whoami`, {
      headers: { Cookie: cookie.split(';')[0] ?? '' },
    })
    expect((JSON.parse(who.body) as { user: string }).user).toMatch(/^alice \(token [0-9a-f]{12}\)$/)
  })

  it.each([
    ['a name that is not text', 42, 'name: a name is text.'],
    ['a name too long', 'x'.repeat(81), 'name: at most 80 characters.'],
    [
      'a name with a bidirectional control',
      'bob\u202Eecila',
      'name: letters, digits, spaces and punctuation only.',
    ],
  ])('refuses %s with a clear reason and sets no cookie', async (_case, name, message) => {
    const response = await rawRequest(`${namedProxy}/api/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: GOOD_TOKEN, name }),
    })
    expect(response.status).toBe(400)
    expect(jsonOf(response)).toMatchObject({ error: { message } })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('injects the session token upstream from the cookie', async () => {
    const cookie = cookieOf(await signIn(GOOD_TOKEN))
    const response = await listWith(cookie)
    expect(response.status).toBe(200)
    expect(seenAuthorization.at(-1)).toBe(`Bearer ${GOOD_TOKEN}`)
  })

  it('ignores X-Forwarded-Proto unless told to trust a reverse proxy', async () => {
    const response = await rawRequest(`${signInProxy}/api/session`, {
      method: 'POST',
      headers: { ...json, 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ token: GOOD_TOKEN }),
    })
    expect(cookieOf(response)).not.toMatch(/Secure/)
  })

  it('refuses a wrong token without setting a cookie', async () => {
    const response = await signIn('wrong')
    expect(response.status).toBe(401)
    expect(jsonOf(response).error.code).toBe('invalid_token')
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it.each([[''], ['two words'], [42]])('refuses a malformed token %j with 400', async (token) => {
    expect((await signIn(token)).status).toBe(400)
  })

  it('turns an upstream 401 into "sign in again" and clears the cookie', async () => {
    const cookie = cookieOf(await signIn(GOOD_TOKEN))
    revoked = true
    try {
      const response = await listWith(cookie)
      expect(response.status).toBe(401)
      expect(jsonOf(response).error.message).toContain('The API said: bad token')
      expect(jsonOf(response).error.code).toBe('session_refused')
      expect(cookieOf(response)).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`))
    } finally {
      revoked = false
    }
  })

  it('signs out by clearing the cookie', async () => {
    const response = await rawRequest(`${signInProxy}/api/session`, { method: 'DELETE' })
    expect(JSON.parse(response.body)).toMatchObject({ signedIn: false })
    expect(cookieOf(response)).toContain('Max-Age=0')
  })

  it('logs neither the token nor cookie values', async () => {
    const cookie = cookieOf(await signIn(GOOD_TOKEN))
    await listWith(cookie)
    const cookieValue = cookie.split(';')[0]?.split('=')[1] ?? ''
    expect(cookieValue.length).toBeGreaterThan(10)
    expect(logLines.length).toBeGreaterThan(2)
    expect(logLines.join('\n')).not.toContain(GOOD_TOKEN)
    expect(logLines.join('\n')).not.toContain(cookieValue)
  })

  it('answers a forged cookie with session_expired itself, without calling the API', async () => {
    const calls = seenAuthorization.length
    const response = await listWith(`${SESSION_COOKIE}=forged-value`)
    expect(response.status).toBe(401)
    expect(jsonOf(response).error).toMatchObject({ code: 'session_expired', source: 'dashboard' })
    expect(cookieOf(response)).toMatch(/Max-Age=0/)
    expect(seenAuthorization).toHaveLength(calls)
  })
})

describe('server-token mode', () => {
  it('needs no sign-in and says which API it uses, without the token', async () => {
    const response = await rawRequest(`${serverTokenProxy}/api/session`)
    const body = jsonOf(response)
    expect(body).toMatchObject({ mode: 'server-token', signedIn: true })
    expect(body.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/)
    expect(response.body).not.toContain(GOOD_TOKEN)
  })

  it('has no sign-in endpoint', async () => {
    const response = await rawRequest(`${serverTokenProxy}/api/session`, {
      method: 'POST',
      headers: json,
      body: '{"token":"x"}',
    })
    expect(response.status).toBe(409)
  })

  it('says the server token was refused on an upstream 401', async () => {
    revoked = true
    try {
      const response = await rawRequest(`${serverTokenProxy}/api/executions`, {
        method: 'POST',
        headers: { ...json, 'X-HTTP-Method-Override': 'GET' },
        body: '{"page":{"first":1}}',
      })
      expect(response.status).toBe(401)
      expect(jsonOf(response).error).toMatchObject({ code: 'server_token_refused' })
      expect(response.body).toContain("The server's token was refused")
      expect(response.body).not.toContain(GOOD_TOKEN)
    } finally {
      revoked = false
    }
  })
})
