import { bearerTokenProblem } from './bearerToken.ts'

export interface UpstreamConfig {
  /** The spec's base_url, including any path prefix such as /some/prefix/v2. */
  baseUrl: URL
  /** Server-held token; when absent, the browser's Authorization header is forwarded. */
  token: string | null
  timeoutMs: number
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000
/** How long a read's answer answers the same read of the same credential again (the upstream client's reuse). */
export const DEFAULT_REUSE_MS = 1_000

export function parseUpstreamConfig(env: {
  EXEC_API_URL?: string
  EXEC_API_TOKEN?: string
  EXEC_API_TIMEOUT_MS?: string
}): UpstreamConfig {
  const rawUrl = env.EXEC_API_URL?.trim() ?? ''
  let baseUrl: URL
  try {
    baseUrl = new URL(rawUrl)
  } catch {
    throw new Error(`EXEC_API_URL is not a valid URL: "${rawUrl}"`)
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') {
    throw new Error(`EXEC_API_URL must use http or https, not ${baseUrl.protocol}`)
  }
  const timeoutMs = env.EXEC_API_TIMEOUT_MS ? Number(env.EXEC_API_TIMEOUT_MS) : DEFAULT_UPSTREAM_TIMEOUT_MS
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new Error(
      `EXEC_API_TIMEOUT_MS must be a positive number of milliseconds, not "${env.EXEC_API_TIMEOUT_MS}"`,
    )
  }
  const token = env.EXEC_API_TOKEN?.trim() || null
  const problem = token === null ? null : bearerTokenProblem(token)
  if (problem) throw new Error(`EXEC_API_TOKEN is not a valid bearer token: ${problem}`)
  return { baseUrl, token, timeoutMs }
}

/**
 * Where to send an operation. The path is joined as a string, not through URL's pathname setter, which
 * would turn an id `%2E%2E` back into a `..` that walks.
 */
export function upstreamTarget(config: UpstreamConfig, path: string) {
  const base = config.baseUrl
  return {
    protocol: base.protocol,
    hostname: base.hostname.replace(/^\[|\]$/g, ''),
    port: base.port,
    path: `${base.pathname.replace(/\/+$/, '')}${path}`,
  }
}

/** What may be shown in logs and the UI: scheme, host and path, never credentials. */
export function describeUpstream(config: UpstreamConfig): string {
  return `${config.baseUrl.protocol}//${config.baseUrl.host}${config.baseUrl.pathname.replace(/\/+$/, '')}`
}

/**
 * How the start-up line names the built-in demo: with its token, for API clients (curl, scripts) to call it
 * directly. It guards only the demo's made-up data; a real deployment's token is never printed.
 */
export const demoNote = (config: UpstreamConfig) => `demo data; token for API clients: ${config.token ?? ''}`
