import type { MutationState, QueryClient } from '@tanstack/react-query'
import { isApiError } from './apiError'
import { executionKeys, rescheduleKeys } from './queryKeys'
import type { RescheduleOutcome } from './rescheduleAnswer'
import type { ExecutionReport } from './executionCache'

/** A failure after which the PATCH may or may not have been applied: no answer, or a server error. */
export function isUnknownOutcome(error: unknown): boolean {
  if (!isApiError(error)) return true
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

/**
 * Ids this browser rescheduled (a 2xx) at or after `since`: the row's reschedules from the mutation cache,
 * a bulk run's from the reports its answers left (see applyRescheduleAnswer).
 */
export function rescheduledSince(client: QueryClient, since: number): Set<string> {
  const ids = new Set<string>()
  for (const mutation of client
    .getMutationCache()
    .findAll({ mutationKey: rescheduleKeys.all, status: 'success' })) {
    const id = mutation.options.mutationKey?.[1]
    if (typeof id === 'string' && mutation.state.submittedAt >= since) ids.add(id)
  }
  for (const query of client.getQueryCache().findAll({ queryKey: executionKeys.all })) {
    const report = query.state.data as ExecutionReport | undefined
    if (
      query.queryKey[1] === 'detail' &&
      report?.source === 'reschedule answer' &&
      report.receivedAt >= since
    )
      ids.add(report.execution.id)
  }
  return ids
}
