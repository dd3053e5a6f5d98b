import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sessionKeyFrom } from '../auth/sealedCookie.ts'
import {
  clearSessionCookie,
  readSession,
  setSessionCookie,
  type SessionSettings,
} from '../auth/sessionCookie.ts'
import { DEFAULT_SESSION_TTL_MS, type SessionKeyring } from '../auth/sessionKeys.ts'
import { handleSession } from '../auth/sessionRoutes.ts'
import { createSignInLimiter } from '../auth/signInLimiter.ts'
import { createExportRoute, EXPORT_PATH, exportOwner } from '../listExport/exportRoute.ts'
import { forwardRequest, type Credentials } from './forwardRequest.ts'
import { BodyTooLargeError, isCrossSite, isJsonContentType, readBody, sendJsonError } from './httpHelpers.ts'
import { effectiveMethod, matchOperation, type OperationName } from './routes.ts'
import type { UpstreamConfig } from './upstreamConfig.ts'

export const API_PREFIX = '/api'
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

export type ProxyLogger = (line: string) => void

export type RouteName = OperationName | 'session' | 'export' | 'refused'

/** One finished request, for logs and metrics: never headers, bodies, cookies or tokens. */
export interface ProxyEvent {
  requestId: string
  method: string
  route: RouteName
  status: number
  durationMs: number
  upstreamStatus?: number
  upstreamMs?: number
  /** An error code or what went wrong, e.g. upstream_timeout, session_expired. */
  detail?: string
}

interface Outcome {
  status: number
  route: RouteName
  detail?: string
  upstreamStatus?: number
  upstreamMs?: number
}
export type NextFunction = (error?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void

export interface ApiProxyOptions {
  upstream: UpstreamConfig
  bodyLimitBytes?: number
  /** Receives one line per request: method, path, status, time and request id. Never headers or bodies. */
  log?: ProxyLogger
  /** Seals the sign-in cookie; a random key when absent (sessions then end when the server restarts). */
  sessionKey?: Buffer
  /** The current and previous keys; wins over `sessionKey`. */
  sessionKeys?: SessionKeyring
  sessionTtlMs?: number
  /** Behind a reverse proxy: believe X-Forwarded-Proto and X-Forwarded-Host. */
  trustProxy?: boolean
  /** The origin users open (e.g. https://ops.example.com); the cross-site check compares against it. */
  publicOrigin?: string | null
  /** The upstream is the built-in demo API; the UI says "Demo data". */
  isDemo?: boolean
  /** Sign-in attempts allowed per client address and minute (default 10). */
  signInAttemptsPerMinute?: number
  /** Receives every finished request as a structured event (pino logs, metrics). */
  onEvent?: (event: ProxyEvent) => void
  /** The most rows one export streams before it is cut (default 100,000). */
  exportMaxRows?: number
}

const SESSION_PATH = '/session'
const SESSION_ENDED = 'Your session has ended; sign in again.'

/** Connect-style middleware for Vite dev, Vite preview and the production server alike. */
export function createApiProxy(options: ApiProxyOptions): Middleware {
  const { upstream, bodyLimitBytes = DEFAULT_BODY_LIMIT_BYTES, log = () => {}, onEvent = () => {} } = options
  const trustProxy = options.trustProxy ?? false
  const session: SessionSettings = {
    keys: options.sessionKeys ?? { current: options.sessionKey ?? sessionKeyFrom(undefined), previous: [] },
    ttlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    trustProxy,
  }
  const origin = { trustProxy, publicOrigin: options.publicOrigin ?? null }
  const limiter = createSignInLimiter(options.signInAttemptsPerMinute)
  const exportRoute = createExportRoute({ upstream, maxRows: options.exportMaxRows })

  /**
   * The server's token wins; else the signed-in session's (re-sealed when an old key opened it); else a
   * browser's own Authorization when it has no session cookie. A cookie that no longer opens is a session
   * that ended: no API call is made with nothing in its place.
   */
  function credentialsFor(req: IncomingMessage, res: ServerResponse): Credentials | null {
    if (upstream.token) return { authorization: `Bearer ${upstream.token}`, source: 'server' }
    const read = readSession(req, session)
    if (read.state === 'valid') {
      if (read.sealedWithPrevious) setSessionCookie(req, res, read.token, session, read.issuedAt)
      return { authorization: `Bearer ${read.token}`, source: 'session' }
    }
    const fromBrowser = req.headers.authorization
    if (read.state === 'none' && fromBrowser) return { authorization: fromBrowser, source: 'browser' }
    return null
  }

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
    const finish = (outcome: Outcome) => {
      const durationMs = Date.now() - started
      const said = outcome.detail ? `${outcome.status} ${outcome.detail}` : String(outcome.status)
      log(`${method} ${API_PREFIX}${pathname} → ${said} (${durationMs} ms) [${requestId}]`)
      onEvent({ requestId, method, durationMs, ...outcome })
    }
    // Every request is contained: whatever goes wrong becomes a 500 for this request, never a stopped process.
    const contain = (error: unknown) => {
      const kind = error instanceof Error ? `${error.name}${errorCode(error)}` : typeof error
      const message = `The dashboard's server failed on this request (request id ${requestId}).`
      sendJsonError(res, 500, 'internal_error', message, { request_id: requestId })
      finish({ status: 500, route: 'refused', detail: `internal_error ${kind}` })
    }
    try {
      res.setHeader('X-Request-Id', requestId)
      handle(req, res, pathname, method).then(finish, contain)
    } catch (error) {
      contain(error)
    }
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    method: string,
  ): Promise<Outcome> {
    const refuse = (status: number, code: string, message: string): Outcome => {
      // Drain what the browser sent so the kept-alive connection stays in step.
      req.resume()
      sendJsonError(res, status, code, message)
      return { status, route: 'refused', detail: code }
    }
    if (isCrossSite(req, origin)) {
      return refuse(403, 'cross_site_refused', 'Cross-site requests to the dashboard API are refused.')
    }
    if (pathname === EXPORT_PATH && method === 'GET') {
      const credentials = credentialsFor(req, res)
      if (credentials === null) {
        clearSessionCookie(req, res, trustProxy)
        return refuse(401, 'session_expired', SESSION_ENDED)
      }
      const owner = exportOwner(req, credentials.authorization, credentials.source === 'server')
      return { ...(await exportRoute(req, res, credentials.authorization, owner)), route: 'export' }
    }
    const isSession = pathname === SESSION_PATH
    const operation = isSession ? null : matchOperation(method, pathname)
    if (!isSession && operation === null) {
      return refuse(404, 'not_found', 'No such API operation.')
    }
    const declaredLength = Number(req.headers['content-length'] ?? 0)
    if (declaredLength > bodyLimitBytes) {
      // Refused before a byte is read; the connection closes rather than draining a large upload.
      res.setHeader('Connection', 'close')
      sendJsonError(res, 413, 'payload_too_large', `Request bodies are limited to ${bodyLimitBytes} bytes.`)
      return { status: 413, route: 'refused', detail: 'payload_too_large (declared)' }
    }
    const hasBody = declaredLength > 0 || req.headers['transfer-encoding'] !== undefined
    if (hasBody && !isJsonContentType(req.headers['content-type'])) {
      return refuse(415, 'unsupported_media_type', 'Request bodies must be application/json.')
    }
    let body: Buffer
    try {
      body = await readBody(req, bodyLimitBytes)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return refuse(413, 'payload_too_large', `Request bodies are limited to ${bodyLimitBytes} bytes.`)
      }
      return refuse(400, 'bad_request', 'The request body could not be read.')
    }
    if (operation === null) {
      const said = await handleSession(req, res, method, body, {
        upstream,
        session,
        isDemo: options.isDemo ?? false,
        limiter,
      })
      const [status, ...detail] = String(said).split(' ')
      return { status: Number(status), route: 'session', detail: detail.join(' ') || undefined }
    }
    const credentials = credentialsFor(req, res)
    if (credentials === null) {
      clearSessionCookie(req, res, trustProxy)
      return refuse(401, 'session_expired', SESSION_ENDED)
    }
    const onRefused =
      credentials.source === 'session' ? () => clearSessionCookie(req, res, trustProxy) : undefined
    const result = await forwardRequest(upstream, operation, body, credentials, req, res, onRefused)
    return { ...result, route: operation.operation }
  }
}

/** Only the error's code (e.g. ERR_INVALID_CHAR): messages may quote header values, and so the token. */
function errorCode(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code
  return typeof code === 'string' ? ` ${code}` : ''
}
