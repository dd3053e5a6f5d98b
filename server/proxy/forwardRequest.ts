import http from 'node:http'
import https from 'node:https'
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http'
import { sendJsonError } from './httpHelpers.ts'
import { relayErrorBody, relayStream } from './relayResponse.ts'
import { upstreamReason } from './upstreamReason.ts'
import type { MatchedOperation } from './routes.ts'
import { describeUpstream, upstreamTarget, type UpstreamConfig } from './upstreamConfig.ts'

export interface ForwardResult {
  status: number
  detail?: string
  upstreamStatus?: number
  /** Time to the upstream's response headers. */
  upstreamMs?: number
}

/** Where the Authorization sent upstream came from; decides what a 401 from upstream means. */
export type CredentialSource = 'server' | 'session' | 'browser' | 'none'

export interface Credentials {
  authorization: string | null
  source: CredentialSource
}

const REFUSED_MESSAGES: Partial<Record<CredentialSource, [code: string, message: string]>> = {
  server: ['server_token_refused', "The server's token was refused by the API. Check EXEC_API_TOKEN."],
  session: ['session_refused', 'The API refused your token. Sign in again.'],
}

class UpstreamTimeoutError extends Error {}
class InvalidUpstreamAnswerError extends Error {}

/** Statuses Node can relay to the browser; anything else from the API is answered with a 502. */
export function isRelayableStatus(status: number | undefined): status is number {
  return status !== undefined && Number.isInteger(status) && status >= 200 && status <= 599
}

// Upstream connections are reused; the pool is bounded so a slow API cannot take every socket.
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
}

/**
 * Opens the upstream request with node:http, which (unlike fetch) allows a GET with a JSON body.
 * Only the headers built here go upstream; the browser's Cookie and Host never do.
 * `timeoutMs` is a deadline for the whole answer, not an idle timeout: a dripping API is cut at it.
 */
function openUpstream(
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

function failureOf(config: UpstreamConfig, error: NodeJS.ErrnoException): [number, string, string] {
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

class ClientGoneError extends Error {}

/** The API's own words from a short error body, unless they repeat the credential. */
function readReason(
  upstreamRes: IncomingMessage,
  secret: string | null,
  then: (reason: string | null) => void,
) {
  const chunks: Buffer[] = []
  let size = 0
  upstreamRes.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= 16 * 1024) chunks.push(chunk)
  })
  upstreamRes.on('error', () => then(null))
  upstreamRes.on('end', () => {
    const reason = upstreamReason(Buffer.concat(chunks).toString('utf8'))
    then(reason !== null && secret !== null && reason.includes(secret) ? null : reason)
  })
}

/** The secret part of `Bearer <token>`, to keep it out of anything relayed. */
function secretOf(authorization: string | null): string | null {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? ''
  return token.length >= 4 ? token : null
}

/**
 * Streams the upstream answer back; a 401 for a token the dashboard holds becomes our own clear message.
 * The upstream call is aborted as soon as the browser goes away.
 */
export function forwardRequest(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  credentials: Credentials,
  req: IncomingMessage,
  res: ServerResponse,
  onRefused?: () => void,
): Promise<ForwardResult> {
  return new Promise((resolve) => {
    let settled = false
    let upstreamStatus = 502
    const started = Date.now()
    let upstreamSeen: Pick<ForwardResult, 'upstreamStatus' | 'upstreamMs'> = {}
    const done = (result: ForwardResult) => {
      if (settled) return
      settled = true
      resolve({ ...upstreamSeen, ...result })
    }
    const upstream = openUpstream(config, operation, body, credentials.authorization)
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy(new ClientGoneError())
    })
    upstream.on('response', (upstreamRes: IncomingMessage) => {
      const status = upstreamRes.statusCode
      if (!isRelayableStatus(status)) {
        upstreamRes.resume()
        upstream.destroy(new InvalidUpstreamAnswerError(`the status ${String(status)}`))
        return
      }
      upstreamStatus = status
      upstreamSeen = { upstreamStatus: status, upstreamMs: Date.now() - started }
      const refused = status === 401 ? REFUSED_MESSAGES[credentials.source] : undefined
      if (refused) {
        onRefused?.()
        readReason(upstreamRes, secretOf(credentials.authorization), (reason) => {
          const [code, message] = refused
          sendJsonError(res, 401, code, reason ? `${message} The API said: ${reason}` : message)
          done({ status, detail: code })
        })
        return
      }
      const context = {
        status,
        acceptEncoding: req.headers['accept-encoding'],
        secret: secretOf(credentials.authorization),
        onDone: (detail?: string) => done(detail ? { status, detail } : { status }),
      }
      if (status >= 400) relayErrorBody(upstreamRes, res, context)
      else relayStream(upstreamRes, res, context)
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof ClientGoneError) {
        done({ status: 499, detail: 'browser went away; upstream call aborted' })
        return
      }
      const [status, code, message] = failureOf(config, error)
      if (res.headersSent) {
        res.destroy()
        done({ status: upstreamStatus, detail: `${code} after the answer began` })
        return
      }
      sendJsonError(res, status, code, message)
      done({ status, detail: code })
    })
    upstream.end(body)
  })
}

export type ProbeResult =
  | { status: number; contentType: string | null; retryAfter: string | null; text: string }
  | { failure: [number, string, string] }

const PROBE_TEXT_LIMIT = 16 * 1024

/** Sends one operation and reports the status, content type and the start of the body (for a reason). */
export function probeUpstream(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  authorization: string,
): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const upstream = openUpstream(config, operation, body, authorization)
    upstream.on('response', (upstreamRes) => {
      const status = upstreamRes.statusCode
      if (!isRelayableStatus(status)) {
        upstreamRes.resume()
        resolve({
          failure: failureOf(config, new InvalidUpstreamAnswerError(`the status ${String(status)}`)),
        })
        return
      }
      const chunks: Buffer[] = []
      let size = 0
      upstreamRes.on('data', (chunk: Buffer) => {
        if (size < PROBE_TEXT_LIMIT) chunks.push(chunk)
        size += chunk.length
      })
      upstreamRes.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ failure: failureOf(config, error) }),
      )
      upstreamRes.on('end', () =>
        resolve({
          status,
          contentType: upstreamRes.headers['content-type'] ?? null,
          retryAfter: upstreamRes.headers['retry-after'] ?? null,
          text: Buffer.concat(chunks).subarray(0, PROBE_TEXT_LIMIT).toString('utf8'),
        }),
      )
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => resolve({ failure: failureOf(config, error) }))
    upstream.end(body)
  })
}
