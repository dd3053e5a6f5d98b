import { useMutationState } from '@tanstack/react-query'
import { useMemo } from 'react'
import { recentRescheduleOf, rescheduleKeys, type RecentReschedule } from '../../api'

type RescheduleState = Parameters<typeof recentRescheduleOf>[0]

/** What this browser last did to an execution: its latest reschedule that proved or may have done something. */
export function useRecentReschedule(id: string): RecentReschedule | undefined {
  const recent = useMutationState({
    filters: { mutationKey: rescheduleKeys.of(id), exact: true },
    select: (mutation) => recentRescheduleOf(mutation.state as RescheduleState),
  })
  return recent.findLast((entry) => entry !== null) ?? undefined
}

/**
 * The same for every execution, in one read of the mutation cache for the whole list (a row's button reads its
 * entry, it does not subscribe). The map is the same object while no reschedule's outcome changed.
 */
export function useRecentReschedules(): ReadonlyMap<string, RecentReschedule> {
  const entries = useMutationState({
    filters: { mutationKey: rescheduleKeys.all },
    select: (mutation) => ({
      id: String(mutation.options.mutationKey?.[1]),
      recent: recentRescheduleOf(mutation.state as RescheduleState),
    }),
  })
  return useMemo(() => {
    const latest = new Map<string, RecentReschedule>()
    // Oldest first, as the cache keeps them: a later outcome replaces an earlier one.
    for (const { id, recent } of entries) if (recent) latest.set(id, recent)
    return latest
  }, [entries])
}

/** The short text on the button of an execution this browser rescheduled. */
export function recentLabel(recent: RecentReschedule): string {
  if (recent.kind === 'unknown') return 'Outcome unknown'
  return recent.outcome.kind === 'requested' ? 'Requested, waiting for the API' : 'Rescheduled'
}
