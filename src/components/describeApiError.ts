import { isApiError } from '../api'
import { dashboardErrorInfo } from '../../shared/errorCodes'
import { visibleText } from '../../shared/visibleText'

export interface ErrorDescription {
  message: string
  detail: string | null
}

/** What an API's own status means, said before its message. */
const API_STATUS_LEADS: Record<number, string> = {
  401: 'The API refused the credentials.',
  403: 'You do not have permission for this operation.',
  429: 'The API is rate limiting requests.',
}

/** The lead of an answer the dashboard's server made itself: its code's words (shared/errorCodes). */
function dashboardLead(code: string | null, status: number | null): string {
  const info = dashboardErrorInfo(code)
  if (info) return info.lead
  return (status ?? 0) >= 500
    ? 'The dashboard’s server failed:'
    : 'The dashboard’s server refused this request:'
}

/**
 * Turns any thrown value into words for an error panel; the status stays visible for operators. An answer
 * of the dashboard's own server is never read as one of the API (its 429 is not the API rate limiting).
 */
export function describeApiError(error: unknown): ErrorDescription {
  const described = describe(error)
  // The API's words may quote an id: its control characters (a right-to-left override) are drawn, never obeyed.
  return { ...described, message: visibleText(described.message) }
}

function describe(error: unknown): ErrorDescription {
  if (!isApiError(error)) {
    return { message: error instanceof Error ? error.message : String(error), detail: null }
  }
  if (error.kind !== 'http') {
    return { message: error.message, detail: error.fieldPath ? `Field: ${error.fieldPath}` : null }
  }
  const detail = `HTTP ${error.status ?? '?'}${error.code ? ` (${error.code})` : ''}`
  const lead =
    error.origin === 'dashboard'
      ? dashboardLead(error.code, error.status)
      : API_STATUS_LEADS[error.status ?? 0]
  return { message: lead ? `${lead} ${error.message}` : error.message, detail }
}
