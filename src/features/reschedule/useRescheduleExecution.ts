import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  attemptKeys,
  executionKeys,
  patchExecutionInLists,
  rescheduleExecution,
  type Execution,
} from '../../api'

/*
 * Invalidation rules for a reschedule:
 * - On success, the execution from the response is written into every cached list page that holds it
 *   (and its detail entry), so every view shows the server's new state at once; then all execution lists
 *   are invalidated (the new state may move it in or out of filtered pages) and so are that execution's
 *   attempt lists (a new attempt follows a reschedule).
 * - On failure nothing was changed optimistically, so the cache keeps what the server last reported.
 * - Never retried: the spec does not say the PATCH is idempotent (retry: false here and in the client).
 */
export function useRescheduleExecution() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['reschedule'],
    mutationFn: (id: string) => rescheduleExecution(id),
    retry: false,
    onSuccess: async (execution: Execution, requestedId: string) => {
      patchExecutionInLists(queryClient, execution)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: executionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: attemptKeys.listsOf(requestedId) }),
      ])
    },
  })
}
