import { keepPreviousData, queryOptions, type QueryFunctionContext } from '@tanstack/react-query'
import { listExecutions } from './executions'
import type { ListParams } from './listRequest'
import { executionKeys } from './queryKeys'

export { attemptKeys, executionKeys, rescheduleKeys } from './queryKeys'

export function executionListQuery(params: ListParams) {
  return queryOptions({
    queryKey: executionKeys.list(params),
    queryFn: ({ signal }) => listExecutions(params, { signal }),
    placeholderData: keepPreviousData,
  })
}

/** Refresh now: the same page, asked of the API now (no answer of a moment ago stands in for it). */
export function freshExecutionListQuery(params: ListParams) {
  const query = executionListQuery(params)
  return {
    ...query,
    staleTime: 0,
    queryFn: ({ signal }: QueryFunctionContext) => listExecutions(params, { signal, fresh: true }),
  }
}
