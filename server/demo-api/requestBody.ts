import type { IncomingMessage } from 'node:http'
import type { Readable, Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { ApiError } from './errors.ts'

/** 1 MB, the limit express.json() had. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export function isJsonContentType(req: IncomingMessage): boolean {
  const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  return mediaType === 'application/json'
}

/** As express (type-is) saw it: a framed body, even an empty one, versus none at all. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined
}

function decoderFor(req: IncomingMessage): Transform | null {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase()
  switch (encoding) {
    case 'identity':
      return null
    case 'gzip':
      return createGunzip()
    case 'deflate':
      return createInflate()
    case 'br':
      return createBrotliDecompress()
    default:
      throw new ApiError(415, `Unsupported content encoding "${encoding}"`)
  }
}

/** Reads the whole request; past the limit it reads the rest off (so the answer reaches the client) and refuses. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  const decoder = decoderFor(req)
  const source: Readable = decoder ? req.pipe(decoder) : req
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let refusal: ApiError | undefined
    const refuse = (error: ApiError) => {
      if (refusal) return
      refusal = error
      chunks.length = 0
      if (!decoder) return
      // A decoder's output is not read any further (a small body may inflate without end).
      req.unpipe(decoder)
      decoder.destroy()
      if (req.complete) reject(error)
      else req.on('end', () => reject(error)).resume()
    }
    source.on('data', (chunk: Buffer) => {
      if (refusal) return
      size += chunk.length
      if (size > BODY_LIMIT_BYTES) refuse(new ApiError(413, 'request entity too large'))
      else chunks.push(chunk)
    })
    source.on('end', () => (refusal ? reject(refusal) : resolve(Buffer.concat(chunks))))
    source.on('error', () => refuse(new ApiError(400, 'Request body could not be decoded')))
    req.on('close', () => {
      if (!req.complete) reject(new ApiError(400, 'request aborted'))
    })
  })
}

function charsetOf(req: IncomingMessage): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')
  return match?.[1]?.toLowerCase() ?? 'utf-8'
}

const malformed = (reason: unknown) =>
  new ApiError(400, `Malformed JSON body: ${reason instanceof Error ? reason.message : String(reason)}`)

/** Only an object or an array, with the parser's own message for the rest (as body-parser's strict mode). */
function parseJson(text: string): unknown {
  const first = text.trimStart()[0] ?? ''
  if (first !== '{' && first !== '[') {
    const index = first === '' ? text.length : text.indexOf(first)
    const masked = first === '' ? '' : text.slice(0, index) + '#'.repeat(text.length - index)
    try {
      JSON.parse(masked)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw malformed(message.replace(/#+/g, (run) => text.slice(index, index + run.length)))
    }
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw malformed(error)
  }
}

/**
 * The parsed JSON body (also of a GET), or undefined when the request has none. A JSON body that is
 * empty reads as `{}`; a non-JSON body that is not empty is refused with 415.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!hasBody(req)) return undefined
  const isJson = isJsonContentType(req)
  const charset = charsetOf(req)
  if (isJson && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError(415, `unsupported charset "${charset.toUpperCase()}"`)
  }
  const body = await readBody(req)
  if (!isJson) {
    if (body.length === 0) return undefined
    const contentType = req.headers['content-type'] ?? 'none'
    throw new ApiError(415, `Request bodies must be application/json (got Content-Type: ${contentType})`)
  }
  return body.length === 0 ? {} : parseJson(body.toString('utf8'))
}
