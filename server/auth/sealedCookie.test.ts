import { describe, expect, it } from 'vitest'
import { seal, sessionKeyFrom, unseal } from './sealedCookie.ts'

const key = sessionKeyFrom('11'.repeat(32))
const HOUR = 3_600_000

describe('sealed session cookie', () => {
  it('round-trips the token without revealing it', () => {
    const value = seal({ token: 'secret-token', iat: Date.now() }, key)
    expect(value).not.toContain('secret-token')
    expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain('secret-token')
    expect(unseal(value, key, HOUR)?.token).toBe('secret-token')
  })

  it('rejects a tampered value, another key, garbage and an expired session', () => {
    const value = seal({ token: 't', iat: Date.now() }, key)
    const raw = Buffer.from(value, 'base64url')
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1
    expect(unseal(raw.toString('base64url'), key, HOUR)).toBeNull()
    expect(unseal(value, sessionKeyFrom(undefined), HOUR)).toBeNull()
    expect(unseal('not-a-cookie', key, HOUR)).toBeNull()
    expect(unseal(seal({ token: 't', iat: Date.now() - 2 * HOUR }, key), key, HOUR)).toBeNull()
  })

  it('opens only under the cookie name it was sealed to: one API’s session renamed to another’s does not open', () => {
    const value = seal({ token: 'prod-token', iat: Date.now() }, key, 'exec_dashboard_session_prod')
    expect(unseal(value, key, HOUR, Date.now(), 'exec_dashboard_session_prod')?.token).toBe('prod-token')
    expect(unseal(value, key, HOUR, Date.now(), 'exec_dashboard_session_staging')).toBeNull()
    expect(unseal(value, key, HOUR)).toBeNull()
  })

  it('accepts hex or base64 keys of 32 bytes only', () => {
    expect(sessionKeyFrom(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32)
    expect(() => sessionKeyFrom('abcd')).toThrow(/32 bytes/)
  })
})
