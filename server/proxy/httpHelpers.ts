import type { IncomingMessage, ServerResponse } from 'node:http'

export const SECURITY_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

/** Errors the dashboard's own server makes say so, so the UI never blames the API for them. */
export const DASHBOARD_ERROR_HEADER = 'X-Dashboard-Error'

export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const body = JSON.stringify({ error: { code, message, source: 'dashboard', ...extra } })
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    [DASHBOARD_ERROR_HEADER]: '1',
  })
  res.end(body)
}

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

export interface OriginSettings {
  trustProxy: boolean
  /** When set, the only origin browsers may send requests from. */
  publicOrigin: string | null
}

/** The host the browser addressed: X-Forwarded-Host behind a trusted reverse proxy, else Host. */
export function requestHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = req.headers['x-forwarded-host']
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim() !== '') {
    return forwarded.split(',')[0]?.trim()
  }
  return req.headers.host
}

/** Refuses requests another site made a browser send; same-origin fetches carry no such marks. */
export function isCrossSite(
  req: IncomingMessage,
  settings: OriginSettings = { trustProxy: false, publicOrigin: null },
): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true
  const origin = req.headers.origin
  if (origin === undefined || origin === 'null') return origin === 'null'
  try {
    const parsed = new URL(origin)
    if (settings.publicOrigin) return parsed.origin !== new URL(settings.publicOrigin).origin
    return parsed.host !== requestHost(req, settings.trustProxy)
  } catch {
    return true
  }
}
