import type { IncomingMessage, ServerResponse } from 'node:http'
import { isHttps, type ProxyTrust } from '../http/origin.ts'
import { seal, unseal } from './sealedCookie.ts'
import type { SessionKeyring } from './sessionKeys.ts'

export const SESSION_COOKIE = 'exec_dashboard_session'

export interface SessionSettings {
  keys: SessionKeyring
  ttlMs: number
  /** Whose X-Forwarded-Proto to believe for the Secure flag. */
  trust: ProxyTrust
  /** The cookie's name: one per upstream when there are several, so a token never reaches another API. */
  cookie?: string
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [rawName, ...rest] = part.trim().split('=')
    if (rawName === name) return rest.join('=')
  }
  return null
}

function cookieAttributes(req: IncomingMessage, maxAgeSeconds: number, trust: ProxyTrust): string {
  // Path=/api: the browser sends it only to the proxy. HttpOnly: page scripts never see it.
  const secure = isHttps(req, trust) ? '; Secure' : ''
  return `Path=/api; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`
}

export function setSessionCookie(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  settings: SessionSettings,
  issuedAt = Date.now(),
  name: string | null = null,
): void {
  const cookie = settings.cookie ?? SESSION_COOKIE
  const value = seal({ token, iat: issuedAt, ...(name ? { name } : {}) }, settings.keys.current, cookie)
  const remainingSeconds = Math.max(1, Math.round((issuedAt + settings.ttlMs - Date.now()) / 1000))
  res.setHeader(
    'Set-Cookie',
    `${cookie}=${value}; ${cookieAttributes(req, remainingSeconds, settings.trust)}`,
  )
}

export function clearSessionCookie(
  req: IncomingMessage,
  res: ServerResponse,
  settings: Pick<SessionSettings, 'trust' | 'cookie'>,
): void {
  res.setHeader(
    'Set-Cookie',
    `${settings.cookie ?? SESSION_COOKIE}=; ${cookieAttributes(req, 0, settings.trust)}`,
  )
}

export type SessionRead =
  | { state: 'none' }
  | { state: 'unreadable' }
  | { state: 'valid'; token: string; issuedAt: number; sealedWithPrevious: boolean; name: string | null }

/** The request's session: none, a cookie that no longer opens (expired, tampered, old key), or a token. */
export function readSession(req: IncomingMessage, settings: SessionSettings): SessionRead {
  const cookie = settings.cookie ?? SESSION_COOKIE
  const value = readCookie(req, cookie)
  if (!value) return { state: 'none' }
  const keys = [settings.keys.current, ...settings.keys.previous]
  for (const [index, key] of keys.entries()) {
    // Sealed to this cookie's name (one per API); with one API, a cookie sealed before that still opens, and is
    // sealed again as it should be (`sealedWithPrevious`).
    const bound = unseal(value, key, settings.ttlMs, Date.now(), cookie)
    const unbound = bound ?? (cookie === SESSION_COOKIE ? unseal(value, key, settings.ttlMs) : null)
    const payload = bound ?? unbound
    if (payload) {
      return {
        state: 'valid',
        token: payload.token,
        issuedAt: payload.iat,
        sealedWithPrevious: index > 0 || bound === null,
        name: payload.name ?? null,
      }
    }
  }
  return { state: 'unreadable' }
}
