import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, isJsonContentType, readBody } from '../http/body.ts'
import { sendJsonError } from '../http/json.ts'
import type { Outcome } from './context.ts'

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

/** The request's JSON body within the limit, or the refusal already sent. */
export async function readRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<Buffer | Outcome> {
  const tooLarge = (detail: string): Outcome => {
    // Refused without reading the rest: the connection closes, so a large upload costs nothing more.
    res.setHeader('Connection', 'close')
    res.once('finish', () => req.socket.destroy())
    sendJsonError(res, 413, 'payload_too_large', `Request bodies are limited to ${limit} bytes.`)
    return { status: 413, route: 'refused', detail }
  }
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge('payload_too_large (declared)')
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
  if (hasBody && !isJsonContentType(req.headers['content-type'])) {
    req.resume()
    sendJsonError(res, 415, 'unsupported_media_type', 'Request bodies must be application/json.')
    return { status: 415, route: 'refused', detail: 'unsupported_media_type' }
  }
  try {
    return await readBody(req, limit)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLarge('payload_too_large')
    req.resume()
    sendJsonError(res, 400, 'bad_request', 'The request body could not be read.')
    return { status: 400, route: 'refused', detail: 'bad_request' }
  }
}
