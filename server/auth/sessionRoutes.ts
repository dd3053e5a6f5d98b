import type { IncomingMessage, ServerResponse } from 'node:http'
import { probeUpstream } from '../proxy/forwardRequest.ts'
import { SECURITY_HEADERS, sendJsonError } from '../proxy/httpHelpers.ts'
import { describeUpstream, type UpstreamConfig } from '../proxy/upstreamConfig.ts'
import { clearSessionCookie, sessionToken, setSessionCookie } from './sessionCookie.ts'

const VERIFY_OPERATION = { operation: 'list_executions', method: 'GET', path: '/executions' } as const
const VERIFY_BODY = Buffer.from(JSON.stringify({ page: { first: 1 } }))
const MAX_TOKEN_LENGTH = 4096

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' })
  res.end(text)
}

/**
 * /api/session, the dashboard's own endpoint (never forwarded): GET tells the UI how it is connected,
 * POST verifies a token with one cheap list call and keeps it in a sealed HttpOnly cookie, DELETE signs out.
 */
export async function handleSession(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  body: Buffer,
  upstream: UpstreamConfig,
  key: Buffer,
): Promise<number> {
  const mode = upstream.token ? 'server-token' : 'sign-in'
  const api = describeUpstream(upstream)
  if (method === 'GET') {
    sendJson(res, 200, { mode, api, signedIn: mode === 'server-token' || sessionToken(req, key) !== null })
    return 200
  }
  if (mode === 'server-token') {
    sendJsonError(
      res,
      409,
      'server_token_in_use',
      'This dashboard uses the server’s token; there is no sign-in.',
    )
    return 409
  }
  if (method === 'DELETE') {
    clearSessionCookie(req, res)
    sendJson(res, 200, { mode, api, signedIn: false })
    return 200
  }
  if (method !== 'POST') {
    sendJsonError(res, 404, 'not_found', 'No such API operation.')
    return 404
  }
  let token: unknown
  try {
    token = (JSON.parse(body.toString('utf8')) as { token?: unknown }).token
  } catch {
    token = undefined
  }
  if (
    typeof token !== 'string' ||
    token.trim() === '' ||
    token.length > MAX_TOKEN_LENGTH ||
    /\s/.test(token.trim())
  ) {
    sendJsonError(res, 400, 'bad_request', 'token: enter the API token (one word, no spaces).')
    return 400
  }
  const result = await probeUpstream(upstream, VERIFY_OPERATION, VERIFY_BODY, `Bearer ${token.trim()}`)
  if ('failure' in result) {
    sendJsonError(res, ...result.failure)
    return result.failure[0]
  }
  if (result.status === 401 || result.status === 403) {
    sendJsonError(res, 401, 'invalid_token', 'The API refused this token.')
    return 401
  }
  if (result.status >= 400) {
    sendJsonError(
      res,
      502,
      'verification_failed',
      `The API answered HTTP ${result.status} while checking the token.`,
    )
    return 502
  }
  setSessionCookie(req, res, token.trim(), key)
  sendJson(res, 200, { mode, api, signedIn: true })
  return 200
}
