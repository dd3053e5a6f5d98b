import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  brotliDecompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gunzipSync,
  inflateSync,
} from 'node:zlib'
import { readUpTo, SECURITY_HEADERS, sendJsonError } from './httpHelpers.ts'

/** Error bodies are read whole (to check them) up to this size; larger ones are not relayed. */
const ERROR_BODY_LIMIT_BYTES = 256 * 1024

export interface RelayContext {
  status: number
  /** The browser's Accept-Encoding, to compress what the API sent plain. */
  acceptEncoding: string | undefined
  /** The credential the proxy sent upstream; an error body that repeats it is never relayed. */
  secret: string | null
  onDone: (detail?: string) => void
}

function relayedHeaders(upstreamRes: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS }
  // Set-Cookie and every other upstream header stay behind: only these describe the body.
  for (const name of ['content-type', 'retry-after', 'content-encoding', 'content-length'] as const) {
    const value = upstreamRes.headers[name]
    if (typeof value === 'string' && value !== '') headers[name] = value
  }
  return headers
}

function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return null
}

/** Streams a 2xx/3xx answer, compressing it when the API sent it plain and the browser accepts that. */
export function relayStream(upstreamRes: IncomingMessage, res: ServerResponse, context: RelayContext): void {
  const headers = relayedHeaders(upstreamRes)
  const encoding = headers['content-encoding'] ? null : chooseEncoding(context.acceptEncoding)
  upstreamRes.on('error', () => {
    res.destroy()
    context.onDone('upstream response interrupted')
  })
  if (encoding === null) {
    res.writeHead(context.status, headers)
    upstreamRes.pipe(res)
  } else {
    delete headers['content-length']
    headers['content-encoding'] = encoding
    headers['vary'] = 'Accept-Encoding'
    res.writeHead(context.status, headers)
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : createGzip({ level: 6 })
    upstreamRes.pipe(compressor).pipe(res)
  }
  upstreamRes.on('end', () => context.onDone())
}

function decoded(bytes: Buffer, encoding: string | undefined): string | null {
  try {
    if (!encoding || encoding === 'identity') return bytes.toString('utf8')
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes).toString('utf8')
    if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8')
    if (encoding === 'deflate') return inflateSync(bytes).toString('utf8')
    return null
  } catch {
    return null
  }
}

/** Reads an error answer whole and relays it, unless it repeats the credential or cannot be checked. */
export function relayErrorBody(
  upstreamRes: IncomingMessage,
  res: ServerResponse,
  context: RelayContext,
): void {
  readUpTo(upstreamRes, ERROR_BODY_LIMIT_BYTES).then(relay, () => {
    sendJsonError(res, 502, 'upstream_invalid_response', 'The API’s error answer broke off before it ended.')
    context.onDone('upstream error body interrupted')
  })
  function relay({ bytes, size }: { bytes: Buffer; size: number }) {
    const text = decoded(bytes, upstreamRes.headers['content-encoding'])
    const repeatsSecret = context.secret !== null && (text === null || text.includes(context.secret))
    if (size > ERROR_BODY_LIMIT_BYTES || repeatsSecret) {
      const why = repeatsSecret ? 'it repeated the credentials' : 'it was too large'
      sendJsonError(
        res,
        context.status,
        'upstream_error_withheld',
        `The API answered HTTP ${context.status}; its message was withheld by the dashboard because ${why}.`,
      )
      context.onDone(`error body withheld: ${why}`)
      return
    }
    const headers = relayedHeaders(upstreamRes)
    headers['content-length'] = String(bytes.length)
    res.writeHead(context.status, headers)
    res.end(bytes)
    context.onDone()
  }
}
