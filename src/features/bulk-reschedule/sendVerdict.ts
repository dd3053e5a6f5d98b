import { isApiError } from '../../api'

/**
 * What a failed PATCH means for the run:
 * - `again`: the API said it did not do it (429, 503): safe to send once more after a pause.
 * - `failed`: refused (4xx) or stopped by the dashboard's server before reaching the API: nothing changed.
 * - `unknown`: no answer, a timeout or another server error: it may have been applied, so it is never resent
 *   without the user's say.
 * - `not-sent`: the dashboard's server could not connect to the API at all: it provably never arrived.
 */
export type SendVerdict = 'again' | 'failed' | 'unknown' | 'not-sent'

export function verdictOf(error: unknown): SendVerdict {
  if (!isApiError(error)) return 'unknown'
  if (error.code === 'upstream_not_sent') return 'not-sent'
  if (error.kind === 'network' || error.kind === 'timeout') return 'unknown'
  // A 2xx whose body did not read still means the API took the reschedule.
  if (error.kind === 'schema') return 'unknown'
  const status = error.status ?? 0
  if (status === 429 || (status === 503 && error.origin === 'api')) return 'again'
  if (status >= 500) return 'unknown'
  return 'failed'
}

/** Whether to slow every worker down, not just the one that got the answer. */
export function asksToBackOff(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 429 || (error.status ?? 0) >= 500)
}
