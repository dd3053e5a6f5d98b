import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import type { StateSpeller } from '../../shared/listBody.ts'
import { credentialsFor, type Credentials } from '../auth/credentials.ts'
import { clearSessionCookie, readSession, type SessionSettings } from '../auth/sessionCookie.ts'
import type { createSignInLimiter } from '../auth/signInLimiter.ts'
import { BodyTooLargeError, isJsonContentType, readBody } from '../http/body.ts'
import type { ProxyEvent, RouteName } from '../http/events.ts'
import { sendJsonError } from '../http/json.ts'
import { isCrossSite, type OriginSettings } from '../http/origin.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import {
  effectiveMethod,
  matchOperation,
  NOT_ADDRESSABLE,
  type MatchedOperation,
} from '../upstream/operations.ts'
import { EXPORT_PATH, exportOwner, type createExportRoute } from './export.ts'
import { forwardOperation, type AnswerObserver, type ForwardContext } from './forward.ts'
import type { RescheduleGuard } from '../audit/rescheduleGuard.ts'
import { respellListBody } from './respell.ts'
import { handleSession } from './session.ts'

export const API_PREFIX = '/api'
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

interface Outcome {
  status: number
  route: RouteName
  detail?: string
  upstreamStatus?: number
  upstreamMs?: number
}
export type NextFunction = (error?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void

/** A route of the dashboard's own under /api (counts, the live stream) that needs the caller's credentials. */
export type OwnRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  credentials: Credentials,
) => Promise<Outcome>

/** An action of the dashboard's own (POST, a JSON body within the limit), e.g. acknowledging failures. */
export type OwnAction = (
  req: IncomingMessage,
  res: ServerResponse,
  credentials: Credentials,
  body: Buffer,
  requestId: string,
) => Promise<Outcome>

export interface ApiRoutesOptions {
  client: UpstreamClient
  session: SessionSettings
  origin: OriginSettings
  limiter: ReturnType<typeof createSignInLimiter>
  exportRoute: ReturnType<typeof createExportRoute>
  /** Who an export belongs to (one at a time each): the user a trusted proxy names, else exportOwner's rule. */
  exportOwnerOf?: (req: IncomingMessage, credentials: Credentials) => string
  /** Routes such as /overview and /live, by path after /api. */
  ownRoutes?: Record<string, OwnRoute>
  /** POST actions of the dashboard's own, by path after /api. */
  ownActions?: Record<string, OwnAction>
  observe?: AnswerObserver
  /** Every spelling the API is known to use for a state: a browser's list body is sent in them. */
  spell?: StateSpeller
  /** Before a reschedule leaves: the user's role, and the audit trail's intent (see server/audit/). */
  guard?: RescheduleGuard
  isDemo: boolean
  bodyLimitBytes?: number
  onEvent?: (event: ProxyEvent) => void
}

const SESSION_PATH = '/session'
const SESSION_ENDED = 'Your session has ended; sign in again.'
const NOT_SIGNED_IN =
  'You are not signed in (this request carried no session cookie); sign in with your API token.'

interface NoCredentials {
  code: 'session_expired' | 'not_signed_in'
  message: string
}

/** Only the error's code (e.g. ERR_INVALID_CHAR): messages may quote header values, and so the token. */
function errorCode(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code
  return typeof code === 'string' ? ` ${code}` : ''
}

/** Connect-style middleware for /api on Vite dev, Vite preview and the production server alike. */
export function createApiRoutes(options: ApiRoutesOptions): Middleware {
  const { client, session, bodyLimitBytes = DEFAULT_BODY_LIMIT_BYTES, onEvent = () => {} } = options
  const serverToken = client.config.token
  const ownRoutes = options.ownRoutes ?? {}

  return (req, res, next) => {
    const rawUrl = req.url ?? '/'
    if (
      rawUrl !== API_PREFIX &&
      !rawUrl.startsWith(`${API_PREFIX}/`) &&
      !rawUrl.startsWith(`${API_PREFIX}?`)
    ) {
      next()
      return
    }
    const started = Date.now()
    const requestId = randomUUID()
    const pathname = rawUrl.slice(API_PREFIX.length).split('?')[0] ?? ''
    const method = effectiveMethod(req.method, req.headers['x-http-method-override'])
    const finish = (outcome: Outcome) =>
      onEvent({ requestId, method, durationMs: Date.now() - started, ...outcome })
    // Every request is contained: whatever goes wrong becomes a 500 for this request, never a stopped process.
    const contain = (error: unknown) => {
      const kind = error instanceof Error ? `${error.name}${errorCode(error)}` : typeof error
      const message = `The dashboard's server failed on this request (request id ${requestId}).`
      sendJsonError(res, 500, 'internal_error', message, { request_id: requestId })
      finish({ status: 500, route: 'refused', detail: `internal_error ${kind}` })
    }
    try {
      res.setHeader('X-Request-Id', requestId)
      handle(req, res, pathname, method, requestId).then(finish, contain)
    } catch (error) {
      contain(error)
    }
  }

  /** The caller's credentials, or why there are none: no session cookie sent, or one that no longer opens. */
  function withCredentials(req: IncomingMessage, res: ServerResponse): Credentials | NoCredentials {
    const credentials = credentialsFor(req, res, serverToken, session)
    if (credentials !== null) return credentials
    // Nothing to clear and nothing ended when no cookie came: the caller never signed in (or the browser dropped it).
    if (readSession(req, session).state === 'none') return { code: 'not_signed_in', message: NOT_SIGNED_IN }
    clearSessionCookie(req, res, session)
    return { code: 'session_expired', message: SESSION_ENDED }
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    method: string,
    requestId: string,
  ): Promise<Outcome> {
    const refuse = (status: number, code: DashboardErrorCode, message: string): Outcome => {
      // Drain what the browser sent so the kept-alive connection stays in step.
      req.resume()
      sendJsonError(res, status, code, message)
      return { status, route: 'refused', detail: code }
    }
    if (isCrossSite(req, options.origin)) {
      return refuse(403, 'cross_site_refused', 'Cross-site requests to the dashboard API are refused.')
    }
    if (pathname === EXPORT_PATH && method === 'GET') {
      const credentials = withCredentials(req, res)
      if ('code' in credentials) return refuse(401, credentials.code, credentials.message)
      const owner = options.exportOwnerOf?.(req, credentials) ?? exportOwner(req, credentials, session.trust)
      return { ...(await options.exportRoute(req, res, credentials, owner)), route: 'export' }
    }
    const route = method === 'GET' ? ownRoutes[pathname] : undefined
    const action = method === 'POST' ? options.ownActions?.[pathname] : undefined
    // Looked up before any await: a relayed read, most requests, costs no promise here.
    if (route) return handleOwn(req, res, { kind: 'route', route }, requestId)
    if (action) return handleOwn(req, res, { kind: 'action', action }, requestId)
    const isSession = pathname === SESSION_PATH
    const operation = isSession ? null : matchOperation(method, pathname)
    if (operation === NOT_ADDRESSABLE) {
      const message = 'The ids “.” and “..” cannot be addressed through the API’s paths.'
      return refuse(400, 'id_not_addressable', message)
    }
    if (!isSession && operation === null) return refuse(404, 'not_found', 'No such API operation.')
    const read = await readRequestBody(req, res, bodyLimitBytes)
    if (!Buffer.isBuffer(read)) return read
    if (operation === null) {
      const said = await handleSession(req, res, method, read, {
        client,
        session,
        isDemo: options.isDemo,
        limiter: options.limiter,
      })
      const [status, ...detail] = String(said).split(' ')
      return { status: Number(status), route: 'session', detail: detail.join(' ') || undefined }
    }
    const credentials = withCredentials(req, res)
    if ('code' in credentials) return refuse(401, credentials.code, credentials.message)
    return forward(req, res, operation, read, credentials, requestId)
  }

  /** One of the dashboard's own routes (GET) or actions (POST, with a JSON body). */
  async function handleOwn(
    req: IncomingMessage,
    res: ServerResponse,
    own: { kind: 'route'; route: OwnRoute } | { kind: 'action'; action: OwnAction },
    requestId: string,
  ): Promise<Outcome> {
    let body: Buffer = Buffer.alloc(0)
    if (own.kind === 'action') {
      const read = await readRequestBody(req, res, bodyLimitBytes)
      if (!Buffer.isBuffer(read)) return read
      body = read
    } else req.resume()
    const credentials = withCredentials(req, res)
    if ('code' in credentials) {
      sendJsonError(res, 401, credentials.code, credentials.message)
      return { status: 401, route: 'refused', detail: credentials.code }
    }
    return own.kind === 'action'
      ? own.action(req, res, credentials, body, requestId)
      : own.route(req, res, credentials)
  }

  /** One of the API's operations; a reschedule passes the guard first (role, audit intent). */
  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    operation: MatchedOperation,
    read: Buffer,
    credentials: Credentials,
    requestId: string,
  ): Promise<Outcome> {
    const onRefused =
      credentials.source === 'session' ? () => clearSessionCookie(req, res, session) : undefined
    let onSettled: ForwardContext['onSettled']
    if (operation.operation === 'reschedule' && options.guard) {
      const decision = await options.guard(req, credentials, operation.executionId ?? '', read, requestId)
      if (decision.kind === 'refused') {
        sendJsonError(res, decision.status, decision.code, decision.message)
        return { status: decision.status, route: 'refused', detail: decision.code }
      }
      onSettled = decision.settle
    }
    const body =
      operation.operation === 'list_executions' && options.spell ? respellListBody(read, options.spell) : read
    const result = await forwardOperation(req, res, operation, body, credentials, {
      client,
      observe: options.observe,
      onRefused,
      onSettled,
    })
    return { ...result, route: operation.operation }
  }
}

/** The request's JSON body within the limit, or the refusal already sent. */
async function readRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<Buffer | Outcome> {
  const tooLarge = (detail: string): Outcome => {
    // Refused without reading the rest: the connection closes, so a large upload costs nothing more.
    res.setHeader('Connection', 'close')
    res.once('finish', () => req.socket.destroy())
    sendJsonError(res, 413, 'payload_too_large', `Request bodies are limited to ${limit} bytes.`)
    return { status: 413, route: 'refused', detail }
  }
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge('payload_too_large (declared)')
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
  if (hasBody && !isJsonContentType(req.headers['content-type'])) {
    req.resume()
    sendJsonError(res, 415, 'unsupported_media_type', 'Request bodies must be application/json.')
    return { status: 415, route: 'refused', detail: 'unsupported_media_type' }
  }
  try {
    return await readBody(req, limit)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLarge('payload_too_large')
    req.resume()
    sendJsonError(res, 400, 'bad_request', 'The request body could not be read.')
    return { status: 400, route: 'refused', detail: 'bad_request' }
  }
}
