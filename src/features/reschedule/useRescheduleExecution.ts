import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  applyRescheduleAnswer,
  isUnknownOutcome,
  refreshAfterReschedule,
  rescheduleExecution,
  rescheduleKeys,
  type RescheduleOutcome,
} from '../../api'

/**
 * One execution's reschedule as a mutation: its outcome is mutation state, kept for the session (the
 * row's button says what happened and when), and its cache rules are the API layer's (api/reschedule.ts).
 * Never retried.
 */
export function useRescheduleExecution(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: rescheduleKeys.of(id),
    mutationFn: () => rescheduleExecution(id),
    retry: false,
    // Kept until sign-out: "Rescheduled · 3 min ago" stays on the row for the whole session.
    gcTime: Infinity,
    onSuccess: (outcome: RescheduleOutcome) => {
      applyRescheduleAnswer(client, outcome)
      refreshAfterReschedule(client, id)
    },
    onError: (error: unknown) => {
      if (isUnknownOutcome(error)) refreshAfterReschedule(client, id)
    },
  })
}
