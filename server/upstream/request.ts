import http from 'node:http'
import https from 'node:https'
import type { ClientRequest } from 'node:http'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import { ERROR_BODY_LIMIT_BYTES, InvalidUpstreamAnswerError, readAnswerBody } from './answer.ts'
import type { CallSignal } from './cancel.ts'
import type { MatchedOperation } from './operations.ts'
import { describeUpstream, upstreamTarget, type UpstreamConfig } from './config.ts'

export { InvalidUpstreamAnswerError } from './answer.ts'
export class UpstreamTimeoutError extends Error {}
/** The caller went away (the browser closed, a scan stopped): the call was abandoned, not failed. */
export class CallAbandonedError extends Error {}

/** Why an upstream call gave no usable answer: the status to answer the browser with, a code, words. */
export class UpstreamFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: DashboardErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** Statuses Node can relay to the browser; anything else from the API is answered with a 502. */
export function isRelayableStatus(status: number | undefined): status is number {
  return status !== undefined && Number.isInteger(status) && status >= 200 && status <= 599
}

export interface RawAnswer {
  status: number
  contentType: string | null
  retryAfter: string | null
  /** Decoded bytes. */
  body: Buffer
  /** An error body too large to read: dropped (`body` is empty) and never relayed. */
  bodyCut: boolean
  /** Time to the answer's headers. */
  upstreamMs: number
}

// An idle socket is closed after 4 s, before common server keep-alive timeouts (Node's is 5 s) close it under us;
// the pool is bounded so a slow API cannot take every socket. As many may stay idle as may be busy: with fewer,
// a busy moment closed the sockets past the idle limit at every answer and opened new ones at the next calls
// (at 50 browser connections, one call in four opened a connection), which made the proxy's slowest answers.
const POOL = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: 4_000 }

export function createAgents() {
  return { 'http:': new http.Agent(POOL), 'https:': new https.Agent(POOL) }
}
export type Agents = ReturnType<typeof createAgents>

/**
 * A kept-alive socket the API closed just as it was reused: the request never reached the API. Only reads
 * are sent again after it; a PATCH is never sent twice.
 */
function mayResend(error: NodeJS.ErrnoException, request: ClientRequest, operation: MatchedOperation) {
  return (
    operation.method === 'GET' &&
    request.reusedSocket &&
    (error.code === 'ECONNRESET' || error.code === 'EPIPE')
  )
}

/** Errors of a connection being opened: with no connection made, not a byte of the request left. */
const CONNECT_ERRORS = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]

/**
 * `connected`: whether a connection to the API was ever made for the call (a reused one counts as made), or true
 * for a read (whether a read left changes nothing). Without one, a refused or unresolvable connection (or a deadline
 * that passed while connecting) proves a reschedule never reached the API: `upstream_not_sent`, "not sent". Any
 * other failure may have reached it.
 */
export function failureOf(
  config: UpstreamConfig,
  error: NodeJS.ErrnoException,
  connected = true,
): UpstreamFailure {
  if (error instanceof UpstreamFailure) return error
  const where = describeUpstream(config)
  const neverConnected =
    !connected && (error instanceof UpstreamTimeoutError || CONNECT_ERRORS.includes(error.code ?? ''))
  if (neverConnected) {
    const why = error instanceof UpstreamTimeoutError ? 'no connection within the deadline' : error.code
    return new UpstreamFailure(
      502,
      'upstream_not_sent',
      `The Execution API at ${where} cannot be reached (${String(why)}): the request was not sent.`,
    )
  }
  if (error instanceof InvalidUpstreamAnswerError) {
    const message = `The Execution API at ${where} sent ${error.message}, which cannot be used.`
    return new UpstreamFailure(502, 'upstream_invalid_response', message)
  }
  if (error instanceof UpstreamTimeoutError) {
    const seconds = Math.round(config.timeoutMs / 100) / 10
    const message = `The Execution API at ${where} did not answer within ${seconds} s.`
    return new UpstreamFailure(504, 'upstream_timeout', message)
  }
  const cause = error.code ?? error.message
  return new UpstreamFailure(
    502,
    'upstream_unreachable',
    `The Execution API at ${where} cannot be reached (${cause}).`,
  )
}

export interface SendOptions {
  config: UpstreamConfig
  agents: Agents
  operation: MatchedOperation
  body: Buffer
  authorization: string | null
  signal?: CallSignal
  maxAnswerBytes: number
  /** A shorter deadline than the configured one (readiness probes). */
  timeoutMs?: number
  /** Whose call it is (user, live, index, verify, sample): said in the User-Agent, so the API's logs can tell them apart. */
  lane?: string
}

/**
 * One call with node:http, which (unlike fetch) allows a GET with a JSON body. Only the headers built here go
 * upstream: never a browser's Cookie or Host. `config.timeoutMs` is a deadline for the whole answer, not an
 * idle timeout: a dripping API is cut at it. The answer is read whole and decoded within `maxAnswerBytes`.
 */
export function sendOnce(options: SendOptions, resent = false): Promise<RawAnswer> {
  const { config, operation, body, signal } = options
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CallAbandonedError())
    let settled = false
    // Whether a connection was ever made: before one, nothing of the request can have left.
    let connected = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      reject(
        error instanceof CallAbandonedError
          ? error
          : failureOf(config, error as NodeJS.ErrnoException, connected || operation.method === 'GET'),
      )
    }
    const target = upstreamTarget(config, operation.path)
    const headers: Record<string, string | number> = {
      Accept: 'application/json',
      'Accept-Encoding': 'gzip, br',
      'Content-Type': 'application/json',
      'Content-Length': body.length,
      'User-Agent': `execution-dashboard (${options.lane ?? 'user'})`,
    }
    if (options.authorization) headers['Authorization'] = options.authorization
    const isHttps = target.protocol === 'https:'
    const started = Date.now()
    const request: ClientRequest = (isHttps ? https : http).request({
      ...target,
      method: operation.method,
      headers,
      agent: options.agents[isHttps ? 'https:' : 'http:'],
    })
    request.once('socket', (socket) => {
      if (!socket.connecting) connected = true
      else socket.once('connect', () => (connected = true))
    })
    const stop = (error: Error) => {
      request.destroy(error)
      fail(error)
    }
    const deadline = setTimeout(() => stop(new UpstreamTimeoutError()), options.timeoutMs ?? config.timeoutMs)
    const abandon = () => stop(new CallAbandonedError())
    signal?.addEventListener('abort', abandon, { once: true })
    request.once('close', () => {
      clearTimeout(deadline)
      signal?.removeEventListener('abort', abandon)
    })
    // 101 Switching Protocols: nothing the dashboard can use.
    request.on('upgrade', (_res, socket) => {
      socket.destroy()
      stop(new InvalidUpstreamAnswerError('an upgrade (HTTP 101)'))
    })
    request.on('response', (res) => {
      const status = res.statusCode
      if (!isRelayableStatus(status)) {
        res.resume()
        return stop(new InvalidUpstreamAnswerError(`the status ${String(status)}`))
      }
      const upstreamMs = Date.now() - started
      const isError = status >= 300
      const maxBytes = isError
        ? Math.min(ERROR_BODY_LIMIT_BYTES, options.maxAnswerBytes)
        : options.maxAnswerBytes
      readAnswerBody(res, { maxBytes, dropPastLimit: isError }).then(({ bytes, cut }) => {
        if (settled) return
        settled = true
        clearTimeout(deadline)
        resolve({
          status,
          contentType: res.headers['content-type'] ?? null,
          retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
          body: bytes,
          bodyCut: cut,
          upstreamMs,
        })
      }, stop)
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!settled && !resent && mayResend(error, request, operation)) {
        settled = true
        return resolve(sendOnce(options, true))
      }
      fail(error)
    })
    request.end(body)
  })
}
