import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listAttempts, type AttemptListParams } from './attempts'
import { listExecutions } from './executions'
import type { ListParams } from './listRequest'

/** Query-key factories: all → lists → list(params). Invalidate with the shortest prefix that covers the change. */
export const executionKeys = {
  all: ['executions'] as const,
  lists: () => [...executionKeys.all, 'list'] as const,
  list: (params: ListParams) => [...executionKeys.lists(), params] as const,
  detail: (id: string) => [...executionKeys.all, 'detail', id] as const,
}

export const attemptKeys = {
  all: ['attempts'] as const,
  lists: () => [...attemptKeys.all, 'list'] as const,
  listsOf: (executionId: string) => [...attemptKeys.lists(), executionId] as const,
  list: (executionId: string, params: AttemptListParams) =>
    [...attemptKeys.listsOf(executionId), params] as const,
}

export function executionListQuery(params: ListParams) {
  return queryOptions({
    queryKey: executionKeys.list(params),
    queryFn: ({ signal }) => listExecutions(params, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function attemptListQuery(executionId: string, params: AttemptListParams) {
  return queryOptions({
    queryKey: attemptKeys.list(executionId, params),
    queryFn: ({ signal }) => listAttempts(executionId, params, { signal }),
    placeholderData: keepPreviousData,
  })
}
