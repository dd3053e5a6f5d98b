import type { QueryClient } from '@tanstack/react-query'
import type { ExecutionReport } from './executionCache'
import { executionKeys, rescheduleKeys } from './queryKeys'

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
