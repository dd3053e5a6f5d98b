import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const IV_BYTES = 12
const TAG_BYTES = 16

/** A 32-byte key from DASHBOARD_SESSION_KEY (hex or base64), or a fresh one: sessions then end on restart. */
export function sessionKeyFrom(value: string | undefined): Buffer {
  if (!value) return randomBytes(32)
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  if (key.length !== 32) throw new Error('DASHBOARD_SESSION_KEY must be 32 bytes, as 64 hex digits or base64')
  return key
}

interface SessionPayload {
  token: string
  /** Issued at, ms epoch. */
  iat: number
  /** The name the user gave when signing in (self-declared; the trail keeps the token's mark beside it). */
  name?: string
}

/**
 * AES-256-GCM: the cookie neither reveals the token nor can be forged or altered without the key. `boundTo` (the
 * cookie's name, one per API) is authenticated with it: a cookie renamed to another API's name does not open.
 */
export function seal(payload: SessionPayload, key: Buffer, boundTo: string | null = null): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  if (boundTo !== null) cipher.setAAD(Buffer.from(boundTo, 'utf8'))
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')
}

export function unseal(
  value: string,
  key: Buffer,
  maxAgeMs: number,
  now = Date.now(),
  boundTo: string | null = null,
): SessionPayload | null {
  try {
    const raw = Buffer.from(value, 'base64url')
    if (raw.length <= IV_BYTES + TAG_BYTES) return null
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
    if (boundTo !== null) decipher.setAAD(Buffer.from(boundTo, 'utf8'))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    const text = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
    const payload = JSON.parse(text) as Partial<SessionPayload>
    if (typeof payload.token !== 'string' || typeof payload.iat !== 'number') return null
    if (now - payload.iat > maxAgeMs || payload.iat > now + 60_000) return null
    const name = typeof payload.name === 'string' && payload.name !== '' ? payload.name : undefined
    return { token: payload.token, iat: payload.iat, ...(name ? { name } : {}) }
  } catch {
    return null
  }
}
