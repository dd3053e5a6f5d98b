/** Codes that mean the token in use was refused, the session ended or none came: the sign-in screen follows. */
export const REFUSED_TOKEN_CODES = [
  'session_refused',
  'server_token_refused',
  'session_expired',
  'not_signed_in',
] as const

/** The header that marks an answer the dashboard's server made itself. */
export const DASHBOARD_ERROR_HEADER = 'X-Dashboard-Error'
