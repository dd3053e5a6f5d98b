import { useMutationState } from '@tanstack/react-query'
import { recentRescheduleOf, rescheduleKeys, type RecentReschedule } from '../../api'

/** What this browser last did to an execution: its latest reschedule that proved or may have done something. */
export function useRecentReschedule(id: string): RecentReschedule | undefined {
  const recent = useMutationState({
    filters: { mutationKey: rescheduleKeys.of(id), exact: true },
    select: (mutation) => recentRescheduleOf(mutation.state as Parameters<typeof recentRescheduleOf>[0]),
  })
  return recent.findLast((entry) => entry !== null) ?? undefined
}

/** The short text on the button of an execution this browser rescheduled. */
export function recentLabel(recent: RecentReschedule): string {
  if (recent.kind === 'unknown') return 'Outcome unknown'
  return recent.outcome.kind === 'requested' ? 'Requested, waiting for the API' : 'Rescheduled'
}
