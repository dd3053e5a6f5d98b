import http from 'node:http'
import https from 'node:https'
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http'
import { SECURITY_HEADERS, sendJsonError } from './httpHelpers.ts'
import type { MatchedOperation } from './routes.ts'
import { describeUpstream, upstreamUrl, type UpstreamConfig } from './upstreamConfig.ts'

export interface ForwardResult {
  status: number
  detail?: string
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

/**
 * Opens the upstream request with node:http, which (unlike fetch) allows a GET with a JSON body.
 * Only the headers built here go upstream; the browser's Cookie and Host never do.
 */
function openUpstream(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  authorization: string | null,
) {
  const target = upstreamUrl(config, operation.path)
  const headers: Record<string, string | number> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Content-Length': body.length,
  }
  if (authorization) headers['Authorization'] = authorization
  const client = target.protocol === 'https:' ? https : http
  const request: ClientRequest = client.request(target, {
    method: operation.method,
    headers,
    timeout: config.timeoutMs,
  })
  request.on('timeout', () => request.destroy(new UpstreamTimeoutError()))
  return request
}

function failureOf(config: UpstreamConfig, error: NodeJS.ErrnoException): [number, string, string] {
  const where = describeUpstream(config)
  if (error instanceof UpstreamTimeoutError) {
    const seconds = Math.round(config.timeoutMs / 100) / 10
    return [504, 'upstream_timeout', `The Execution API at ${where} did not answer within ${seconds} s.`]
  }
  const cause = error.code ?? error.message
  return [502, 'upstream_unreachable', `The Execution API at ${where} cannot be reached (${cause}).`]
}

/** Streams the upstream answer back; a 401 for a token the dashboard holds becomes our own clear message. */
export function forwardRequest(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  credentials: Credentials,
  res: ServerResponse,
  onRefused?: () => void,
): Promise<ForwardResult> {
  return new Promise((resolve) => {
    const upstream = openUpstream(config, operation, body, credentials.authorization)
    upstream.on('response', (upstreamRes: IncomingMessage) => {
      const status = upstreamRes.statusCode ?? 502
      const refused = status === 401 ? REFUSED_MESSAGES[credentials.source] : undefined
      if (refused) {
        upstreamRes.resume()
        onRefused?.()
        sendJsonError(res, 401, ...refused)
        resolve({ status, detail: refused[0] })
        return
      }
      const responseHeaders: Record<string, string> = { ...SECURITY_HEADERS }
      const contentType = upstreamRes.headers['content-type']
      if (contentType) responseHeaders['Content-Type'] = contentType
      const retryAfter = upstreamRes.headers['retry-after']
      if (retryAfter) responseHeaders['Retry-After'] = retryAfter
      res.writeHead(status, responseHeaders)
      upstreamRes.pipe(res)
      upstreamRes.on('end', () => resolve({ status }))
      upstreamRes.on('error', () => {
        res.destroy()
        resolve({ status, detail: 'upstream response interrupted' })
      })
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const [status, code, message] = failureOf(config, error)
      sendJsonError(res, status, code, message)
      resolve({ status, detail: code })
    })
    upstream.end(body)
  })
}

/** Sends one operation and reports only the status (or the failure), reading nothing back. */
export function probeUpstream(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  authorization: string,
): Promise<{ status: number } | { failure: [number, string, string] }> {
  return new Promise((resolve) => {
    const upstream = openUpstream(config, operation, body, authorization)
    upstream.on('response', (upstreamRes) => {
      upstreamRes.resume()
      resolve({ status: upstreamRes.statusCode ?? 502 })
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => resolve({ failure: failureOf(config, error) }))
    upstream.end(body)
  })
}
