import http from 'node:http'
import https from 'node:https'
import type { ClientRequest } from 'node:http'
import type { MatchedOperation } from './routes.ts'
import { describeUpstream, upstreamTarget, type UpstreamConfig } from './upstreamConfig.ts'

export class UpstreamTimeoutError extends Error {}
export class InvalidUpstreamAnswerError extends Error {}

/** Statuses Node can relay to the browser; anything else from the API is answered with a 502. */
export function isRelayableStatus(status: number | undefined): status is number {
  return status !== undefined && Number.isInteger(status) && status >= 200 && status <= 599
}

// Upstream connections are reused; the pool is bounded so a slow API cannot take every socket.
// An idle socket is closed after 4 s, before common server keep-alive timeouts (Node's is 5 s) close it under us.
const POOL = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4_000 }
const AGENTS = { 'http:': new http.Agent(POOL), 'https:': new https.Agent(POOL) }

/**
 * A kept-alive socket the API closed just as it was reused: the request never reached the API. Only reads
 * are sent again after it; a PATCH is never sent twice.
 */
export function mayResend(
  error: NodeJS.ErrnoException,
  request: ClientRequest,
  operation: MatchedOperation,
): boolean {
  return (
    operation.method === 'GET' &&
    request.reusedSocket &&
    (error.code === 'ECONNRESET' || error.code === 'EPIPE')
  )
}

/**
 * Opens the upstream request with node:http, which (unlike fetch) allows a GET with a JSON body.
 * Only the headers built here go upstream; the browser's Cookie and Host never do.
 * `timeoutMs` is a deadline for the whole answer, not an idle timeout: a dripping API is cut at it.
 */
export function openUpstream(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  authorization: string | null,
) {
  const target = upstreamTarget(config, operation.path)
  const headers: Record<string, string | number> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Content-Length': body.length,
  }
  if (authorization) headers['Authorization'] = authorization
  const isHttps = target.protocol === 'https:'
  const request: ClientRequest = (isHttps ? https : http).request({
    ...target,
    method: operation.method,
    headers,
    agent: AGENTS[isHttps ? 'https:' : 'http:'],
  })
  const deadline = setTimeout(() => request.destroy(new UpstreamTimeoutError()), config.timeoutMs)
  request.once('close', () => clearTimeout(deadline))
  // 101 Switching Protocols: nothing the dashboard can relay.
  request.on('upgrade', (_res, socket) => {
    socket.destroy()
    request.emit('error', new InvalidUpstreamAnswerError('an upgrade (HTTP 101)'))
  })
  return request
}

export function failureOf(config: UpstreamConfig, error: NodeJS.ErrnoException): [number, string, string] {
  const where = describeUpstream(config)
  if (error instanceof InvalidUpstreamAnswerError) {
    return [
      502,
      'upstream_invalid_response',
      `The Execution API at ${where} sent ${error.message}, which cannot be relayed.`,
    ]
  }
  if (error instanceof UpstreamTimeoutError) {
    const seconds = Math.round(config.timeoutMs / 100) / 10
    return [504, 'upstream_timeout', `The Execution API at ${where} did not answer within ${seconds} s.`]
  }
  const cause = error.code ?? error.message
  return [502, 'upstream_unreachable', `The Execution API at ${where} cannot be reached (${cause}).`]
}
