import type { IncomingMessage, ServerResponse } from 'node:http'
import { seal, unseal } from './sealedCookie.ts'
import type { SessionKeyring } from './sessionKeys.ts'

export const SESSION_COOKIE = 'exec_dashboard_session'

export interface SessionSettings {
  keys: SessionKeyring
  ttlMs: number
  /** Trust X-Forwarded-Proto (behind a reverse proxy) for the Secure flag. */
  trustProxy: boolean
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [rawName, ...rest] = part.trim().split('=')
    if (rawName === name) return rest.join('=')
  }
  return null
}

export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true
  const forwarded = req.headers['x-forwarded-proto']
  return trustProxy && typeof forwarded === 'string' && forwarded.split(',')[0]?.trim() === 'https'
}

function cookieAttributes(req: IncomingMessage, maxAgeSeconds: number, trustProxy: boolean): string {
  // Path=/api: the browser sends it only to the proxy. HttpOnly: page scripts never see it.
  const secure = isHttps(req, trustProxy) ? '; Secure' : ''
  return `Path=/api; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`
}

export function setSessionCookie(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  settings: SessionSettings,
  issuedAt = Date.now(),
): void {
  const value = seal({ token, iat: issuedAt }, settings.keys.current)
  const remainingSeconds = Math.max(1, Math.round((issuedAt + settings.ttlMs - Date.now()) / 1000))
  res.setHeader(
    'Set-Cookie',
    `${SESSION_COOKIE}=${value}; ${cookieAttributes(req, remainingSeconds, settings.trustProxy)}`,
  )
}

export function clearSessionCookie(req: IncomingMessage, res: ServerResponse, trustProxy = false): void {
  res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; ${cookieAttributes(req, 0, trustProxy)}`)
}

export type SessionRead =
  | { state: 'none' }
  | { state: 'unreadable' }
  | { state: 'valid'; token: string; issuedAt: number; sealedWithPrevious: boolean }

/** The request's session: none, a cookie that no longer opens (expired, tampered, old key), or a token. */
export function readSession(req: IncomingMessage, settings: SessionSettings): SessionRead {
  const value = readCookie(req, SESSION_COOKIE)
  if (!value) return { state: 'none' }
  const keys = [settings.keys.current, ...settings.keys.previous]
  for (const [index, key] of keys.entries()) {
    const payload = unseal(value, key, settings.ttlMs)
    if (payload) {
      return { state: 'valid', token: payload.token, issuedAt: payload.iat, sealedWithPrevious: index > 0 }
    }
  }
  return { state: 'unreadable' }
}
