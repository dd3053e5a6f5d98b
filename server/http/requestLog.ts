import pino, { type Logger } from 'pino'
import type { ProxyEvent } from './events.ts'

/**
 * The request log for dev, preview and `npm start` alike: one JSON line per API request when
 * EXEC_PROXY_LOG=1 or LOG_LEVEL=info (or finer); warnings and errors always. Never headers, bodies or tokens.
 */
export function createRequestLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_LEVEL?.trim() || (env.EXEC_PROXY_LOG === '1' ? 'info' : 'warn')
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime })
}

export function logProxyEvent(logger: Logger, event: ProxyEvent): void {
  const line = {
    request_id: event.requestId,
    method: event.method,
    route: event.route,
    status: event.status,
    duration_ms: event.durationMs,
    upstream_status: event.upstreamStatus,
    upstream_ms: event.upstreamMs,
    detail: event.detail,
  }
  if (event.status >= 500) logger.error(line, 'api request failed')
  else if (event.detail?.includes('withheld')) logger.warn(line, 'api error body withheld')
  else logger.info(line, 'api request')
}

/** A failure of the server's own background work (the index, the store): the kind and words, never a token. */
export function logBackgroundError(logger: Logger, what: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  // Messages here come from the store or the walker; they never hold a credential, but keep them short.
  logger.warn({ what, error: message.slice(0, 300) }, `${what} failed`)
}
