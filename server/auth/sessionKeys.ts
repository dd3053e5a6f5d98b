import { randomBytes } from 'node:crypto'

/** The key that seals new cookies, and older keys that still open cookies sealed before a rotation. */
export interface SessionKeyring {
  current: Buffer
  previous: Buffer[]
}

export const DEFAULT_SESSION_TTL_MS = 8 * 60 * 60 * 1000
const MAKE_A_KEY = 'Make one with: openssl rand -hex 32'

function parseKey(value: string, position: number): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  if (key.length !== 32) {
    throw new Error(
      `DASHBOARD_SESSION_KEY: key ${position} is not 32 bytes (64 hex digits or base64). ${MAKE_A_KEY}`,
    )
  }
  return key
}

/**
 * DASHBOARD_SESSION_KEY holds the current key, then any previous keys, separated by commas.
 * Unset: a random key (sessions end on restart), refused in production when users sign in.
 */
export function parseSessionKeys(
  env: { DASHBOARD_SESSION_KEY?: string; NODE_ENV?: string },
  options: { signInMode: boolean },
): SessionKeyring {
  const values = (env.DASHBOARD_SESSION_KEY ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
  if (values.length === 0) {
    if (env.NODE_ENV === 'production' && options.signInMode) {
      throw new Error(
        'DASHBOARD_SESSION_KEY is required in production when users sign in (no EXEC_API_TOKEN): ' +
          `without it every restart or replica signs everyone out. ${MAKE_A_KEY}`,
      )
    }
    return { current: randomBytes(32), previous: [] }
  }
  const [current, ...previous] = values.map((value, index) => parseKey(value, index + 1))
  return { current: current ?? randomBytes(32), previous }
}

/** DASHBOARD_SESSION_TTL: seconds, or a number with s, m, h or d; default 8 h. */
export function parseSessionTtl(value: string | undefined): number {
  const text = value?.trim() ?? ''
  if (text === '') return DEFAULT_SESSION_TTL_MS
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)?$/i.exec(text)
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }
  const ms = match ? Number(match[1]) * unit[(match[2]?.toLowerCase() ?? 's') as keyof typeof unit] : NaN
  if (!Number.isFinite(ms) || ms < 60_000) {
    throw new Error(`DASHBOARD_SESSION_TTL must be at least 60 s, e.g. 28800 or 8h, not "${text}"`)
  }
  return ms
}
