import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import { parseRetryAfter } from '../../src/shared/retryAfter.ts'
import { SECURITY_HEADERS, sendJsonError } from '../http/json.ts'
import type { UpstreamAnswer } from '../upstream/client.ts'

/** Below this, compressing costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024
const MEDIA_TYPE =
  /^[\w!#$&^.+-]{1,64}\/[\w!#$&^.+-]{1,64}(\s*;\s*[\w!#$&^.+-]{1,64}=("[^"\\\r\n]{0,64}"|[\w!#$&^.+-]{1,64}))*$/

/**
 * Up to this, an answer is compressed on the event loop: a list page of a few KB takes about 0.1 ms there (64 KB about
 * 0.3 ms), while zlib's thread pool cost about 0.3 ms of CPU more per answer in handing it over (measured on 2 cores).
 * Larger answers still go to the pool, so none holds the loop for long.
 */
const COMPRESS_ON_LOOP_BYTES = 64 * 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Compressed as the browser asked; the size hint keeps brotli from preparing for an input of megabytes. */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const onLoop = body.length <= COMPRESS_ON_LOOP_BYTES
  if (encoding === 'gzip') return onLoop ? gzipSync(body, { level: 6 }) : gzipped(body, { level: 6 })
  const options = {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }
  return onLoop ? brotliCompressSync(body, options) : brotli(body, options)
}

export interface RelayContext {
  /** The browser's Accept-Encoding. */
  acceptEncoding: string | undefined
  /** The credential sent upstream; an answer that repeats it is never relayed. */
  secret: string | null
}

function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return null
}

/** Only headers that describe the body go back, and only in a form they can take: never Set-Cookie. */
function relayedHeaders(answer: UpstreamAnswer, secret: string | null): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS }
  const type = answer.contentType?.trim() ?? ''
  if (MEDIA_TYPE.test(type) && (secret === null || !type.includes(secret))) headers['content-type'] = type
  const retryAfter = answer.retryAfter?.trim() ?? ''
  if (retryAfter !== '' && parseRetryAfter(retryAfter) !== null) headers['retry-after'] = retryAfter
  return headers
}

async function sendBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  acceptEncoding: string | undefined,
) {
  const encoding = body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(acceptEncoding) : null
  let sent = body
  if (encoding !== null) {
    sent = await compress(body, encoding)
    headers['content-encoding'] = encoding
    headers['vary'] = 'Accept-Encoding'
  }
  headers['content-length'] = String(sent.length)
  res.writeHead(status, headers)
  res.end(sent)
}

/**
 * Sends an API answer on, as the dashboard read it (whole and decoded): a redirect is not followed or
 * relayed, an answer that repeats the credential is withheld, and only validated headers go back.
 * Returns what the request log should say when the answer was not relayed as is.
 */
export async function relayAnswer(
  res: ServerResponse,
  answer: UpstreamAnswer,
  context: RelayContext,
): Promise<string | undefined> {
  const { status, body } = answer
  if (status >= 300 && status < 400) {
    const message = `The API answered with a redirect (HTTP ${status}), which the dashboard does not follow.`
    sendJsonError(res, 502, 'upstream_invalid_response', message)
    return 'redirect not relayed'
  }
  const repeatsSecret = context.secret !== null && body.includes(context.secret)
  // An error body past ERROR_BODY_LIMIT_BYTES was dropped as it was read (upstream/answer.ts).
  const tooLarge = answer.bodyCut
  if (repeatsSecret || tooLarge) {
    const why = repeatsSecret ? 'it repeated the credentials' : 'it was too large'
    const what = status >= 400 ? 'its message' : 'its answer'
    const message = `The API answered HTTP ${status}; ${what} was withheld by the dashboard because ${why}.`
    sendJsonError(res, status >= 400 ? status : 502, 'upstream_error_withheld', message)
    return `withheld: ${why}`
  }
  await sendBody(res, status, relayedHeaders(answer, context.secret), body, context.acceptEncoding)
  return undefined
}
