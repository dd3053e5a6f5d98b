import type { IncomingMessage, ServerResponse } from 'node:http'
import { readUpTo, sendJsonError } from './httpHelpers.ts'
import { relayErrorBody, relayStream } from './relayResponse.ts'
import { upstreamReason } from './upstreamReason.ts'
import type { MatchedOperation } from './routes.ts'
import type { UpstreamConfig } from './upstreamConfig.ts'
import {
  failureOf,
  InvalidUpstreamAnswerError,
  isRelayableStatus,
  mayResend,
  openUpstream,
} from './upstreamRequest.ts'

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

class ClientGoneError extends Error {}

/** The API's own words from a short error body, unless they repeat the credential. */
function readReason(
  upstreamRes: IncomingMessage,
  secret: string | null,
  then: (reason: string | null) => void,
) {
  readUpTo(upstreamRes, 16 * 1024).then(
    ({ bytes }) => {
      const reason = upstreamReason(bytes.toString('utf8'))
      then(reason !== null && secret !== null && reason.includes(secret) ? null : reason)
    },
    () => then(null),
  )
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
    let upstream = openUpstream(config, operation, body, credentials.authorization)
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy(new ClientGoneError())
    })
    const listen = (resent: boolean) => {
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
        if (!resent && !res.headersSent && mayResend(error, upstream, operation)) {
          upstream = openUpstream(config, operation, body, credentials.authorization)
          listen(true)
          return
        }
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
    }
    listen(false)
  })
}
