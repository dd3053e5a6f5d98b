import { readUpTo } from './httpHelpers.ts'
import {
  failureOf,
  InvalidUpstreamAnswerError,
  isRelayableStatus,
  mayResend,
  openUpstream,
} from './upstreamRequest.ts'
import type { MatchedOperation } from './routes.ts'
import type { UpstreamConfig } from './upstreamConfig.ts'

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
    const send = (resent: boolean) => {
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
        readUpTo(upstreamRes, PROBE_TEXT_LIMIT).then(
          ({ bytes }) =>
            resolve({
              status,
              contentType: upstreamRes.headers['content-type'] ?? null,
              retryAfter: upstreamRes.headers['retry-after'] ?? null,
              text: bytes.toString('utf8'),
            }),
          (error: NodeJS.ErrnoException) => resolve({ failure: failureOf(config, error) }),
        )
      })
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!resent && mayResend(error, upstream, operation)) send(true)
        else resolve({ failure: failureOf(config, error) })
      })
      upstream.end(body)
    }
    send(false)
  })
}
