import http from 'node:http'
import https from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SECURITY_HEADERS, sendJsonError } from './httpHelpers.ts'
import type { MatchedOperation } from './routes.ts'
import { describeUpstream, upstreamUrl, type UpstreamConfig } from './upstreamConfig.ts'

export interface ForwardResult {
  status: number
  detail?: string
}

/**
 * Sends the operation upstream with node:http, which (unlike fetch) allows a GET with a JSON body,
 * and streams the answer back. Only the headers built here go upstream; the browser's Cookie and Host never do.
 */
export function forwardRequest(
  config: UpstreamConfig,
  operation: MatchedOperation,
  body: Buffer,
  browserAuthorization: string | undefined,
  res: ServerResponse,
): Promise<ForwardResult> {
  const target = upstreamUrl(config, operation.path)
  const headers: Record<string, string | number> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Content-Length': body.length,
  }
  const authorization = config.token ? `Bearer ${config.token}` : browserAuthorization
  if (authorization) headers['Authorization'] = authorization

  const client = target.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    const upstream = client.request(target, { method: operation.method, headers, timeout: config.timeoutMs })
    upstream.on('response', (upstreamRes: IncomingMessage) => {
      const status = upstreamRes.statusCode ?? 502
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
    upstream.on('timeout', () => {
      upstream.destroy(new UpstreamTimeoutError())
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const where = describeUpstream(config)
      if (error instanceof UpstreamTimeoutError) {
        const seconds = Math.round(config.timeoutMs / 100) / 10
        sendJsonError(
          res,
          504,
          'upstream_timeout',
          `The Execution API at ${where} did not answer within ${seconds} s.`,
        )
        resolve({ status: 504, detail: 'timeout' })
        return
      }
      const cause = error.code ?? error.message
      sendJsonError(
        res,
        502,
        'upstream_unreachable',
        `The Execution API at ${where} cannot be reached (${cause}).`,
      )
      resolve({ status: 502, detail: cause })
    })
    upstream.end(body)
  })
}

class UpstreamTimeoutError extends Error {}
