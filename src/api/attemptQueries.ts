import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listAttempts, type AttemptListParams } from './attempts'
import { stateSpeller } from './executionStates'
import { attemptKeys } from './queryKeys'

export function attemptListQuery(executionId: string, params: AttemptListParams) {
  return queryOptions({
    queryKey: attemptKeys.list(executionId, params),
    queryFn: ({ signal, client }) =>
      listAttempts(executionId, params, { signal, spell: stateSpeller(client) }),
    placeholderData: keepPreviousData,
  })
}
