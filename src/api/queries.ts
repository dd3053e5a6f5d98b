import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { stateSpeller } from './executionStates'
import { listExecutions } from './executions'
import type { ListParams } from './listRequest'
import { executionKeys } from './queryKeys'

export { attemptKeys, executionKeys, rescheduleKeys } from './queryKeys'

export function executionListQuery(params: ListParams) {
  return queryOptions({
    queryKey: executionKeys.list(params),
    queryFn: ({ signal, client }) => listExecutions(params, { signal, spell: stateSpeller(client) }),
    placeholderData: keepPreviousData,
  })
}
