import type { ServerResponse } from 'node:http'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
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
import type { RouteEntry } from './api.ts'
import type { Outcome } from './context.ts'

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

type SessionName = 'session' | 'signIn' | 'signOut'

/**
 * /api/session, the dashboard's own (never forwarded): GET tells the UI how it is connected, POST verifies a token
 * with one cheap list call and keeps it in a sealed HttpOnly cookie, DELETE signs out.
 */
export function sessionRoutes(context: SessionContext): { [N in SessionName]: RouteEntry<N> } {
  const { client, session, isDemo } = context
  const mode = client.config.token ? 'server-token' : 'sign-in'
  const state = (signedIn: boolean) => ({
    mode,
    api: describeUpstream(client.config),
    signedIn,
    demo: isDemo,
  })
  const said = (status: number, detail?: string): Outcome => ({ status, route: 'session', detail })
  const refused = (res: ServerResponse, status: number, code: DashboardErrorCode, message: string) => {
    sendJsonError(res, status, code, message)
    return said(status, status === 400 && code === 'bad_request' ? undefined : code)
  }
  const withoutSignIn = (res: ServerResponse) =>
    refused(res, 409, 'server_token_in_use', 'This dashboard uses the server’s token; there is no sign-in.')
  return {
    session: {
      handle: ({ req, res }) => {
        const read = mode === 'sign-in' ? readSession(req, session) : null
        if (read?.state === 'unreadable') clearSessionCookie(req, res, session)
        sendJson(res, 200, {
          ...state(read === null || read.state === 'valid'),
          sessionEnded: read?.state === 'unreadable',
        })
        return Promise.resolve(said(200))
      },
    },
    signOut: {
      handle: ({ req, res }) => {
        if (mode === 'server-token') return Promise.resolve(withoutSignIn(res))
        clearSessionCookie(req, res, session)
        sendJson(res, 200, state(false))
        return Promise.resolve(said(200))
      },
    },
    signIn: {
      ownBody: true,
      handle: async ({ req, res, raw }) => {
        if (mode === 'server-token') return withoutSignIn(res)
        const waitSeconds = context.limiter(clientAddress(req, session.trust))
        if (waitSeconds !== null) {
          res.setHeader('Retry-After', String(waitSeconds))
          const message = `Too many sign-in attempts; try again in ${waitSeconds} s.`
          return refused(res, 429, 'sign_in_rate_limited', message)
        }
        const { fields, problem: bodyProblem } = readSignInBody(raw)
        if (bodyProblem) return refused(res, 400, 'bad_request', bodyProblem)
        const token = fields.token
        if (typeof token !== 'string' || token.trim() === '')
          return refused(res, 400, 'bad_request', 'token: enter the API token.')
        const { name, problem: nameProblem } = readSignInName(fields.name)
        if (nameProblem) return refused(res, 400, 'bad_request', nameProblem)
        const problem = bearerTokenProblem(token.trim())
        if (problem) {
          const message = `token: this is not a valid API token: ${problem}.`
          return refused(res, 400, 'invalid_token_format', message)
        }
        const verdict = await verifyToken(client, token.trim())
        if (!verdict.ok) return refused(res, verdict.status, verdict.code, verdict.message)
        setSessionCookie(req, res, token.trim(), session, Date.now(), name)
        sendJson(res, 200, state(true))
        return said(200)
      },
    },
  }
}
