import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listAttempts, type AttemptListParams } from './attempts'
import { attemptKeys } from './queryKeys'

export function attemptListQuery(executionId: string, params: AttemptListParams) {
  return queryOptions({
    queryKey: attemptKeys.list(executionId, params),
    queryFn: ({ signal }) => listAttempts(executionId, params, { signal }),
    placeholderData: keepPreviousData,
  })
}
