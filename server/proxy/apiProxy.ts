import type { IncomingMessage, ServerResponse } from 'node:http'
import { sessionKeyFrom } from '../auth/sealedCookie.ts'
import { clearSessionCookie, sessionToken } from '../auth/sessionCookie.ts'
import { handleSession } from '../auth/sessionRoutes.ts'
import { forwardRequest, type Credentials } from './forwardRequest.ts'
import { BodyTooLargeError, isCrossSite, isJsonContentType, readBody, sendJsonError } from './httpHelpers.ts'
import { effectiveMethod, matchOperation } from './routes.ts'
import type { UpstreamConfig } from './upstreamConfig.ts'

export const API_PREFIX = '/api'
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

export type ProxyLogger = (line: string) => void
export type NextFunction = (error?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void

export interface ApiProxyOptions {
  upstream: UpstreamConfig
  bodyLimitBytes?: number
  /** Receives one line per request: method, path, status and time. Never headers or bodies. */
  log?: ProxyLogger
  /** Seals the sign-in cookie; a random key when absent (sessions then end when the server restarts). */
  sessionKey?: Buffer
}

const SESSION_PATH = '/session'

/** Connect-style middleware for Vite dev, Vite preview and the production server alike. */
export function createApiProxy(options: ApiProxyOptions): Middleware {
  const { upstream, bodyLimitBytes = DEFAULT_BODY_LIMIT_BYTES, log = () => {} } = options
  const sessionKey = options.sessionKey ?? sessionKeyFrom(undefined)

  /** The server's token wins; else the signed-in session's; else whatever the browser sent. */
  function credentialsFor(req: IncomingMessage): Credentials {
    if (upstream.token) return { authorization: `Bearer ${upstream.token}`, source: 'server' }
    const token = sessionToken(req, sessionKey)
    if (token) return { authorization: `Bearer ${token}`, source: 'session' }
    const fromBrowser = req.headers.authorization
    return fromBrowser
      ? { authorization: fromBrowser, source: 'browser' }
      : { authorization: null, source: 'none' }
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
    const pathname = rawUrl.slice(API_PREFIX.length).split('?')[0] ?? ''
    const method = effectiveMethod(req.method, req.headers['x-http-method-override'])
    void handle(req, res, pathname, method).then((outcome) => {
      log(`${method} ${API_PREFIX}${pathname} → ${outcome} (${Date.now() - started} ms)`)
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string, method: string) {
    const refuse = (status: number, code: string, message: string) => {
      // Drain what the browser sent so the kept-alive connection stays in step.
      req.resume()
      sendJsonError(res, status, code, message)
      return status
    }
    if (isCrossSite(req)) {
      return refuse(403, 'cross_site_refused', 'Cross-site requests to the dashboard API are refused.')
    }
    const isSession = pathname === SESSION_PATH
    const operation = isSession ? null : matchOperation(method, pathname)
    if (!isSession && operation === null) {
      return refuse(404, 'not_found', 'No such API operation.')
    }
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
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
    if (operation === null) return handleSession(req, res, method, body, upstream, sessionKey)
    const credentials = credentialsFor(req)
    const onRefused = credentials.source === 'session' ? () => clearSessionCookie(req, res) : undefined
    const result = await forwardRequest(upstream, operation, body, credentials, res, onRefused)
    return result.detail ? `${result.status} ${result.detail}` : result.status
  }
}
