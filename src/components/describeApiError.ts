import { isApiError, REFUSED_TOKEN_CODES } from '../api'

export interface ErrorDescription {
  message: string
  detail: string | null
}

const STATUS_LEADS: Record<number, string> = {
  401: 'The API refused the credentials.',
  403: 'You do not have permission for this operation.',
  429: 'The API is rate limiting requests.',
}

/** Codes with which the dashboard's own server refuses a request before (or instead of) asking the API. */
const DASHBOARD_REFUSALS = new Set([
  'not_found',
  'cross_site_refused',
  'payload_too_large',
  'unsupported_media_type',
  'bad_request',
  'internal_error',
  'misdirected_request',
])

/** Turns any thrown value into words for an error panel; the status stays visible for operators. */
export function describeApiError(error: unknown): ErrorDescription {
  if (!isApiError(error)) {
    return { message: error instanceof Error ? error.message : String(error), detail: null }
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'schema':
      return { message: error.message, detail: error.fieldPath ? `Field: ${error.fieldPath}` : null }
    case 'http': {
      const code = error.code ? ` (${error.code})` : ''
      const detail = `HTTP ${error.status ?? '?'}${code}`
      // The dashboard's server already words its own 401s (refused server token or session).
      const ownWords = (REFUSED_TOKEN_CODES as readonly (string | null)[]).includes(error.code)
      if (error.origin === 'dashboard' && DASHBOARD_REFUSALS.has(error.code ?? '')) {
        return { message: `The dashboard's server refused this request: ${error.message}`, detail }
      }
      const lead = ownWords ? undefined : STATUS_LEADS[error.status ?? 0]
      return { message: lead ? `${lead} ${error.message}` : error.message, detail }
    }
  }
}
