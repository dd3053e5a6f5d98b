import type { ServerResponse } from 'node:http'
import Negotiator from 'negotiator'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import { parseRetryAfter } from '../../shared/retryAfter.ts'
import { SECURITY_HEADERS, sendJsonError } from '../http/json.ts'
import type { UpstreamAnswer } from '../upstream/client.ts'

/** Below this, compressing costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024
const MEDIA_TYPE =
  /^[\w!#$&^.+-]{1,64}\/[\w!#$&^.+-]{1,64}(\s*;\s*[\w!#$&^.+-]{1,64}=("[^"\\\r\n]{0,64}"|[\w!#$&^.+-]{1,64}))*$/

/**
 * Up to this, an answer is compressed on the event loop: zlib's thread pool cost about 0.3 ms of CPU more per answer
 * in handing it over (measured on 2 cores). Larger answers still go to the pool, so none holds the loop for long.
 */
const COMPRESS_ON_LOOP_BYTES = 64 * 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * On the loop, gzip at level 1 (brotli at quality 1 for a browser that takes only brotli): on the demo's pages of 20
 * and 100 rows (5 and 23 KB) it took 19 and 36 µs of CPU against brotli's 36 and 86 µs at quality 4, for 15-25%
 * more bytes (1.2 against 1.0 KB, 3.7 against 3.0 KB), a third of the relay's whole cost per read. In the pool,
 * where an answer is large and CPU is not the loop's, brotli at quality 4 or gzip at 6, for the smallest files.
 */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const onLoop = body.length <= COMPRESS_ON_LOOP_BYTES
  if (encoding === 'gzip') return onLoop ? gzipSync(body, { level: 1 }) : gzipped(body, { level: 6 })
  // The size hint keeps brotli from preparing for an input of megabytes.
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: onLoop ? 1 : 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  }
  return onLoop ? brotliCompressSync(body, { params }) : brotli(body, { params })
}

/**
 * Answers already compressed, by the answer's bytes: tabs that share a read (single flight, a read a moment old)
 * get the same bytes, so they are compressed once for all of them.
 */
const compressed = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer | Promise<Buffer>>>>()

function compressOnce(body: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  let forms = compressed.get(body)
  if (!forms) {
    forms = {}
    compressed.set(body, forms)
  }
  const made = (forms[encoding] ??= compress(body, encoding))
  // A compression that failed is not kept: the next tab tries again.
  if (made instanceof Promise)
    made.catch(() => {
      if (forms?.[encoding] === made) forms[encoding] = undefined
    })
  return made
}

export interface RelayContext {
  /** The browser's Accept-Encoding. */
  acceptEncoding: string | undefined
}

type Encoding = 'br' | 'gzip'
const ON_LOOP: Encoding[] = ['gzip', 'br']
const IN_POOL: Encoding[] = ['br', 'gzip']

/** What a browser's Accept-Encoding takes, as negotiator reads it (q values, `br;q=0` refusing brotli, `*`). */
function acceptedEncodings(acceptEncoding: string | undefined) {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } })
  // negotiator 1.x breaks ties by the server's preference when given one (its types do not say so yet).
  const encodings = negotiator.encodings.bind(negotiator) as (
    available: Encoding[],
    options: { preferred: Encoding[] },
  ) => Encoding[]
  return {
    onLoop: encodings(ON_LOOP, { preferred: ON_LOOP })[0] ?? null,
    inPool: encodings(IN_POOL, { preferred: IN_POOL })[0] ?? null,
  }
}

/** A browser sends the same header on every call: it is read once (on the relay's hot path). */
let lastAccepted: { header: string | undefined; onLoop: Encoding | null; inPool: Encoding | null } | null =
  null

/**
 * The encoding the browser prefers; where it takes both as much, gzip first for an answer compressed on the loop
 * (the cheaper there), brotli first for one sent to the pool.
 */
export function chooseEncoding(acceptEncoding: string | undefined, size: number): Encoding | null {
  let accepted = lastAccepted
  if (accepted === null || accepted.header !== acceptEncoding) {
    accepted = { header: acceptEncoding, ...acceptedEncodings(acceptEncoding) }
    lastAccepted = accepted
  }
  return size <= COMPRESS_ON_LOOP_BYTES ? accepted.onLoop : accepted.inPool
}

/** Only headers that describe the body go back, and only in a form they can take: never Set-Cookie. */
function relayedHeaders(answer: UpstreamAnswer): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS }
  const type = answer.contentType?.trim() ?? ''
  if (MEDIA_TYPE.test(type)) headers['content-type'] = type
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
  const encoding = body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(acceptEncoding, body.length) : null
  let sent = body
  if (encoding !== null) {
    sent = await compressOnce(body, encoding)
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
  // The upstream client dropped an answer that repeated the credential (and a header that held it).
  const repeatsSecret = answer.withheld
  // An error body past ERROR_BODY_LIMIT_BYTES was dropped as it was read (upstream/answer.ts).
  const tooLarge = answer.bodyCut
  if (repeatsSecret || tooLarge) {
    const why = repeatsSecret ? 'it repeated the credentials' : 'it was too large'
    const what = status >= 400 ? 'its message' : 'its answer'
    const message = `The API answered HTTP ${status}; ${what} was withheld by the dashboard because ${why}.`
    sendJsonError(res, status >= 400 ? status : 502, 'upstream_error_withheld', message)
    return `withheld: ${why}`
  }
  await sendBody(res, status, relayedHeaders(answer), body, context.acceptEncoding)
  return undefined
}
