import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  attemptKeys,
  executionKeys,
  isApiError,
  noteRescheduled,
  patchExecutionInLists,
  rescheduleExecution,
  type RescheduleOutcome,
} from '../../api'
import { rememberReschedule } from './recentReschedules'

/** A failure after which the PATCH may or may not have been applied: no answer, or a server error. */
export function isUnknownOutcome(error: unknown): boolean {
  if (!isApiError(error)) return true
  return error.kind === 'network' || error.kind === 'timeout' || (error.status ?? 0) >= 500
}

/*
 * Invalidation rules for a reschedule:
 * - An answer that carries the execution is written into every cached list page that holds it (and its
 *   detail entry) at once. A new execution named by the answer is written too.
 * - Then, whatever the 2xx answer (200, 201, 202, 204, any body), all execution lists and that execution's
 *   attempt lists are invalidated in the background: the state may move it in or out of filtered pages, and
 *   a new attempt follows. The dialog does not wait for those refetches.
 * - A failure whose outcome is unknown (no answer, 5xx) also invalidates, so the list shows what happened.
 * - A refused reschedule (4xx) changed nothing: the cache keeps what the server last reported.
 * - Never retried: the spec does not say the PATCH is idempotent (retry: false here and in the client).
 */
export function useRescheduleExecution() {
  const queryClient = useQueryClient()
  const refreshAround = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: executionKeys.lists() })
    void queryClient.invalidateQueries({ queryKey: attemptKeys.listsOf(id) })
  }
  return useMutation({
    mutationKey: ['reschedule'],
    mutationFn: (id: string) => rescheduleExecution(id),
    retry: false,
    onSuccess: (outcome: RescheduleOutcome, id: string) => {
      if (outcome.kind !== 'requested') patchExecutionInLists(queryClient, outcome.execution)
      noteRescheduled(id)
      rememberReschedule(id, { at: Date.now(), outcome })
      refreshAround(id)
    },
    onError: (error: unknown, id: string) => {
      if (!isUnknownOutcome(error)) return
      const reason = error instanceof Error ? error.message : String(error)
      rememberReschedule(id, { at: Date.now(), outcome: { kind: 'unknown', requestedId: id, reason } })
      refreshAround(id)
    },
  })
}
