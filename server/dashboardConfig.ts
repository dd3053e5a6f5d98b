import { parseSessionKeys, parseSessionTtl } from './auth/sessionKeys.ts'
import type { ApiProxyOptions } from './proxy/apiProxy.ts'
import type { UpstreamConfig } from './proxy/upstreamConfig.ts'

const isOn = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true'

function parsePublicOrigin(value: string | undefined): string | null {
  const text = value?.trim() ?? ''
  if (text === '') return null
  try {
    const url = new URL(text)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
  } catch {
    // Reported below.
  }
  throw new Error(
    `DASHBOARD_PUBLIC_ORIGIN must be an http(s) origin such as https://ops.example.com, not "${text}"`,
  )
}

function parseSignInLimit(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`DASHBOARD_SIGN_IN_LIMIT must be a whole number of attempts per minute, not "${value}"`)
  }
  return limit
}

/**
 * The proxy's settings from the environment, for `vite`, `vite preview` and `npm start` alike.
 * Throws a message fit for the operator on any bad value.
 */
export function proxyOptionsFromEnv(
  upstream: UpstreamConfig,
  isDemo: boolean,
  options: { env?: NodeJS.ProcessEnv; production: boolean },
): ApiProxyOptions {
  const env = options.env ?? process.env
  // Only the production server insists on a session key; dev and preview may use a random one.
  const keyEnv = options.production ? env : { ...env, NODE_ENV: undefined }
  return {
    upstream,
    isDemo,
    sessionKeys: parseSessionKeys(keyEnv, { signInMode: upstream.token === null }),
    sessionTtlMs: parseSessionTtl(env.DASHBOARD_SESSION_TTL),
    trustProxy: isOn(env.DASHBOARD_TRUST_PROXY),
    publicOrigin: parsePublicOrigin(env.DASHBOARD_PUBLIC_ORIGIN),
    signInAttemptsPerMinute: parseSignInLimit(env.DASHBOARD_SIGN_IN_LIMIT),
    exportMaxRows: parseExportMaxRows(env.DASHBOARD_EXPORT_MAX_ROWS),
  }
}

/** DASHBOARD_EXPORT_MAX_ROWS: a positive whole number; anything else stops start-up with the reason. */
export function parseExportMaxRows(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const rows = Number(value)
  if (!Number.isInteger(rows) || rows < 1) {
    throw new Error(`DASHBOARD_EXPORT_MAX_ROWS must be a whole number of rows above 0, not “${value}”.`)
  }
  return rows
}
