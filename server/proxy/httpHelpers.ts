import type { IncomingMessage, ServerResponse } from 'node:http'

export const SECURITY_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

export function sendJsonError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const body = JSON.stringify({ error: { code, message } })
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limitBytes) {
        reject(new BodyTooLargeError())
        req.removeAllListeners('data')
        req.resume()
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

/** Refuses requests another site made a browser send; same-origin fetches carry no such marks. */
export function isCrossSite(req: IncomingMessage): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true
  const origin = req.headers.origin
  if (origin === undefined || origin === 'null') return origin === 'null'
  try {
    return new URL(origin).host !== req.headers.host
  } catch {
    return true
  }
}
