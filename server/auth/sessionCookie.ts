import type { IncomingMessage, ServerResponse } from 'node:http'
import { seal, unseal } from './sealedCookie.ts'

export const SESSION_COOKIE = 'exec_dashboard_session'
export const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [rawName, ...rest] = part.trim().split('=')
    if (rawName === name) return rest.join('=')
  }
  return null
}

function isHttps(req: IncomingMessage): boolean {
  const forwarded = req.headers['x-forwarded-proto']
  return (req.socket as { encrypted?: boolean }).encrypted === true || forwarded === 'https'
}

function cookieAttributes(req: IncomingMessage, maxAgeSeconds: number): string {
  // Path=/api: the browser sends it only to the proxy. HttpOnly: page scripts never see it.
  const secure = isHttps(req) ? '; Secure' : ''
  return `Path=/api; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`
}

export function setSessionCookie(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  key: Buffer,
): void {
  const value = seal({ token, iat: Date.now() }, key)
  res.setHeader(
    'Set-Cookie',
    `${SESSION_COOKIE}=${value}; ${cookieAttributes(req, SESSION_MAX_AGE_MS / 1000)}`,
  )
}

export function clearSessionCookie(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; ${cookieAttributes(req, 0)}`)
}

/** The token sealed in the request's session cookie, or null when there is none or it is not valid. */
export function sessionToken(req: IncomingMessage, key: Buffer): string | null {
  const value = readCookie(req, SESSION_COOKIE)
  return value ? (unseal(value, key, SESSION_MAX_AGE_MS)?.token ?? null) : null
}
