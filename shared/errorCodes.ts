/*
 * Every error code the dashboard's own server answers with, and its words. The server sends the code (and
 * `X-Dashboard-Error: 1`); the browser leads the message with these words, so a refusal of the dashboard
 * is never read as one of the API.
 *
 * `refusal`: the dashboard itself refused, the API was not asked. `api`: the dashboard reports on the API
 * (it did not answer, refused a token, answered something that cannot be used). `session`: about sign-in.
 */
export type ErrorOrigin = 'refusal' | 'api' | 'session'

interface CodeInfo {
  origin: ErrorOrigin
  /** What the UI says first; the server's own message follows. Empty when the message says it all. */
  lead: string
}

export const DASHBOARD_ERROR_CODES = {
  // The dashboard refused the request; nothing reached the API.
  not_found: { origin: 'refusal', lead: 'The dashboard’s server refused this request:' },
  bad_request: { origin: 'refusal', lead: 'The dashboard’s server refused this request:' },
  filter_too_long: { origin: 'refusal', lead: 'The dashboard’s server refused this filter:' },
  id_not_addressable: { origin: 'refusal', lead: 'This execution cannot be reached through the API:' },
  cross_site_refused: { origin: 'refusal', lead: 'The dashboard’s server refused this request:' },
  payload_too_large: { origin: 'refusal', lead: 'The dashboard’s server refused this request:' },
  unsupported_media_type: { origin: 'refusal', lead: 'The dashboard’s server refused this request:' },
  misdirected_request: { origin: 'refusal', lead: 'The dashboard’s server refused this request:' },
  internal_error: { origin: 'refusal', lead: 'The dashboard’s server failed:' },
  export_in_progress: { origin: 'refusal', lead: 'The dashboard is busy for you:' },
  too_many_streams: { origin: 'refusal', lead: 'The dashboard is busy for you:' },
  too_many_views: { origin: 'refusal', lead: 'The dashboard is busy for you:' },
  too_many_connections: { origin: 'refusal', lead: 'The dashboard is busy:' },
  starting: { origin: 'refusal', lead: 'The dashboard is busy:' },
  forbidden_role: { origin: 'refusal', lead: 'You may not do this here:' },
  index_unavailable: { origin: 'refusal', lead: 'The dashboard cannot count this:' },
  store_unavailable: { origin: 'refusal', lead: 'The dashboard’s database is not available:' },
  group_changed: { origin: 'refusal', lead: '' },
  too_many_watches: { origin: 'refusal', lead: 'You watch too many things:' },
  // About sign-in and sessions.
  session_expired: { origin: 'session', lead: '' },
  not_signed_in: { origin: 'session', lead: '' },
  server_token_in_use: { origin: 'session', lead: '' },
  invalid_token_format: { origin: 'session', lead: '' },
  sign_in_rate_limited: { origin: 'session', lead: 'The dashboard limits sign-in attempts:' },
  invalid_token: { origin: 'session', lead: '' },
  session_refused: { origin: 'session', lead: '' },
  server_token_refused: { origin: 'session', lead: '' },
  // The dashboard reports on the API.
  verification_failed: { origin: 'api', lead: 'The token could not be checked:' },
  api_unavailable: { origin: 'api', lead: '' },
  upstream_unreachable: { origin: 'api', lead: '' },
  /** No connection to the API could be made: the request provably never reached it (a reschedule was not sent). */
  upstream_not_sent: { origin: 'api', lead: '' },
  upstream_timeout: { origin: 'api', lead: '' },
  upstream_invalid_response: { origin: 'api', lead: '' },
  upstream_error_withheld: { origin: 'api', lead: '' },
  upstream_error: { origin: 'api', lead: '' },
  upstream_repeats_pages: { origin: 'api', lead: '' },
  upstream_busy: { origin: 'api', lead: 'The API is busy:' },
} as const satisfies Record<string, CodeInfo>

export type DashboardErrorCode = keyof typeof DASHBOARD_ERROR_CODES

export function isDashboardErrorCode(code: unknown): code is DashboardErrorCode {
  return typeof code === 'string' && Object.hasOwn(DASHBOARD_ERROR_CODES, code)
}

export function dashboardErrorInfo(code: unknown): CodeInfo | null {
  return isDashboardErrorCode(code) ? DASHBOARD_ERROR_CODES[code] : null
}

// Kept in a module of their own, so code that needs only these does not carry the table above.
export { DASHBOARD_ERROR_HEADER, REFUSED_TOKEN_CODES } from './errorSignals.ts'
