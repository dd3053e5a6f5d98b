import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  clearSessionCookie,
  readSession,
  setSessionCookie,
  type SessionSettings,
} from '../auth/sessionCookie.ts'
import type { createSignInLimiter } from '../auth/signInLimiter.ts'
import { verifyToken } from '../auth/verifyToken.ts'
import { readJsonObject } from '../http/body.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import { clientAddress } from '../http/origin.ts'
import { bearerTokenProblem } from '../upstream/bearerToken.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { describeUpstream } from '../upstream/config.ts'

export interface SessionContext {
  client: UpstreamClient
  session: SessionSettings
  isDemo: boolean
  /** Refuses too many sign-in attempts from one address; one per proxy instance. */
  limiter: ReturnType<typeof createSignInLimiter>
}

const MAX_NAME = 80

/** The optional name: printable text of a sane length, or a reason it is not one. */
export function readSignInName(value: unknown): { name: string | null; problem: string | null } {
  if (value === undefined || value === null) return { name: null, problem: null }
  if (typeof value !== 'string') return { name: null, problem: 'name: a name is text.' }
  const name = value.trim()
  if (name === '') return { name: null, problem: null }
  if (name.length > MAX_NAME) return { name: null, problem: `name: at most ${MAX_NAME} characters.` }
  // No control or invisible formatting characters: the name is shown in the header and kept in the trail.
  if (/[\p{Cc}\p{Cf}]/u.test(name))
    return { name: null, problem: 'name: letters, digits, spaces and punctuation only.' }
  return { name, problem: null }
}

const BODY_SHAPE = 'send {"token": "<your API token>"}'

/** The sign-in body's fields, or what is wrong with it: a cut-off body is not one without a token. */
export function readSignInBody(body: Buffer): {
  fields: { token?: unknown; name?: unknown }
  problem: string | null
} {
  const { fields, problem } = readJsonObject(body)
  if (problem === 'not-json')
    return { fields, problem: `The sign-in request’s body is not valid JSON; ${BODY_SHAPE}.` }
  if (problem === 'not-object')
    return { fields, problem: `The sign-in request’s body must be a JSON object; ${BODY_SHAPE}.` }
  return { fields, problem: null }
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
  context: SessionContext,
): Promise<string | number> {
  const { client, session, isDemo } = context
  const mode = client.config.token ? 'server-token' : 'sign-in'
  const api = describeUpstream(client.config)
  const state = (signedIn: boolean) => ({ mode, api, signedIn, demo: isDemo })
  if (method === 'GET') {
    const read = mode === 'sign-in' ? readSession(req, session) : null
    if (read?.state === 'unreadable') clearSessionCookie(req, res, session)
    sendJson(res, 200, {
      ...state(read === null || read.state === 'valid'),
      sessionEnded: read?.state === 'unreadable',
    })
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
    clearSessionCookie(req, res, session)
    sendJson(res, 200, state(false))
    return 200
  }
  if (method !== 'POST') {
    sendJsonError(res, 404, 'not_found', 'No such API operation.')
    return 404
  }
  const waitSeconds = context.limiter(clientAddress(req, session.trust))
  if (waitSeconds !== null) {
    res.setHeader('Retry-After', String(waitSeconds))
    sendJsonError(
      res,
      429,
      'sign_in_rate_limited',
      `Too many sign-in attempts; try again in ${waitSeconds} s.`,
    )
    return '429 sign_in_rate_limited'
  }
  const { fields, problem: bodyProblem } = readSignInBody(body)
  if (bodyProblem) {
    sendJsonError(res, 400, 'bad_request', bodyProblem)
    return 400
  }
  const token = fields.token
  if (typeof token !== 'string' || token.trim() === '') {
    sendJsonError(res, 400, 'bad_request', 'token: enter the API token.')
    return 400
  }
  const { name, problem: nameProblem } = readSignInName(fields.name)
  if (nameProblem) {
    sendJsonError(res, 400, 'bad_request', nameProblem)
    return 400
  }
  const problem = bearerTokenProblem(token.trim())
  if (problem) {
    sendJsonError(res, 400, 'invalid_token_format', `token: this is not a valid API token: ${problem}.`)
    return '400 invalid_token_format'
  }
  const verdict = await verifyToken(client, token.trim())
  if (!verdict.ok) {
    sendJsonError(res, verdict.status, verdict.code, verdict.message)
    return `${verdict.status} ${verdict.code}`
  }
  setSessionCookie(req, res, token.trim(), session, Date.now(), name)
  sendJson(res, 200, state(true))
  return 200
}
