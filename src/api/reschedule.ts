import type { MutationState } from '@tanstack/react-query'
import { isApiError } from './apiError'
import type { RescheduleOutcome } from './rescheduleAnswer'

/**
 * A failure after which the PATCH may or may not have been applied: no answer, or a server error. Not one the
 * dashboard's server could not connect for (`upstream_not_sent`): that one provably never reached the API.
 */
export function isUnknownOutcome(error: unknown): boolean {
  if (!isApiError(error)) return true
  if (error.code === 'upstream_not_sent') return false
  return error.kind === 'network' || error.kind === 'timeout' || (error.status ?? 0) >= 500
}

/** What this browser last did to an execution, read from a reschedule mutation's state. */
export type RecentReschedule =
  | { at: number; kind: 'answered'; outcome: RescheduleOutcome }
  | { at: number; kind: 'unknown'; reason: string }

export function recentRescheduleOf(
  state: MutationState<RescheduleOutcome, unknown, unknown, unknown>,
): RecentReschedule | null {
  if (state.status === 'success' && state.data)
    return { at: state.submittedAt, kind: 'answered', outcome: state.data }
  if (state.status === 'error' && isUnknownOutcome(state.error)) {
    const reason = state.error instanceof Error ? state.error.message : String(state.error)
    return { at: state.submittedAt, kind: 'unknown', reason }
  }
  return null
}
