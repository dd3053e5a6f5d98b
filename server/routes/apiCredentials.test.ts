import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../auth/sessionCookie.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { close, jsonOf, listen, rawRequest } from '../testing/httpTestKit.ts'

let upstreamCalls = 0
const upstream = http.createServer((req, res) => {
  upstreamCalls += 1
  req.resume()
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end('{"data":[],"page_info":{}}')
})

let signInMode: TestDashboard

beforeAll(async () => {
  signInMode = await startTestDashboard({ env: { EXEC_API_URL: `${await listen(upstream)}/v2` } })
})

afterAll(async () => {
  await Promise.all([close(upstream), signInMode.close()])
})

/** The list (relayed), the overview (the dashboard's own route) and the export, with these cookies. */
function everyKindOfRead(cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  return Promise.all([
    rawRequest(`${signInMode.url}/api/executions`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
      body: '{"page":{"first":1}}',
    }),
    rawRequest(`${signInMode.url}/api/overview`, { headers }),
    rawRequest(`${signInMode.url}/api/export/executions`, { headers }),
  ])
}

describe('a request in sign-in mode without credentials', () => {
  it('is told it is not signed in, and no cookie it never sent is cleared', async () => {
    for (const cookie of [undefined, 'theme=dark; other=1']) {
      for (const answer of await everyKindOfRead(cookie)) {
        expect(answer.status).toBe(401)
        expect(jsonOf(answer).error).toMatchObject({
          code: 'not_signed_in',
          message: expect.stringContaining('You are not signed in') as unknown,
          source: 'dashboard',
        })
        expect(answer.headers['set-cookie']).toBeUndefined()
      }
    }
    expect(upstreamCalls).toBe(0)
  })

  it('is told its session ended when its cookie no longer opens, and the cookie is cleared', async () => {
    for (const answer of await everyKindOfRead(`${SESSION_COOKIE}=no-longer-opens`)) {
      expect(answer.status).toBe(401)
      expect(jsonOf(answer).error).toMatchObject({
        code: 'session_expired',
        message: 'Your session has ended; sign in again.',
      })
      expect(String(answer.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`))
    }
    expect(upstreamCalls).toBe(0)
  })
})
