import type { IncomingMessage } from 'node:http'

export class BodyTooLargeError extends Error {}

/** Reads a whole stream, keeping its first `limit` bytes and counting all of them. */
export function readUpTo(stream: IncomingMessage, limit: number): Promise<{ bytes: Buffer; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      if (size < limit) chunks.push(chunk)
      size += chunk.length
    })
    stream.on('error', reject)
    stream.on('end', () => resolve({ bytes: Buffer.concat(chunks).subarray(0, limit), size }))
  })
}

export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limitBytes) {
        // Stop reading: the caller answers 413 and closes the connection rather than drain the rest.
        req.removeAllListeners('data')
        req.pause()
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export function isJsonContentType(value: string | undefined): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase()
  return mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false)
}

/** A JSON object body's fields, or why it has none: not JSON at all, or JSON that is not an object. Empty: none. */
export function readJsonObject(body: Buffer): {
  fields: Record<string, unknown>
  problem: 'not-json' | 'not-object' | null
} {
  const text = body.toString('utf8')
  if (text.trim() === '') return { fields: {}, problem: null }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { fields: {}, problem: 'not-json' }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { fields: value as Record<string, unknown>, problem: null }
    : { fields: {}, problem: 'not-object' }
}

/** A JSON object body's fields; none when the body is not a JSON object (text, a list, nothing). */
export const jsonFields = (body: Buffer): Record<string, unknown> => readJsonObject(body).fields
