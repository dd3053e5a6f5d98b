import { timestampInstant } from './timestamps'
import type { QueryClient } from '@tanstack/react-query'
import { executionKeys } from './queries'
import type { Execution, ExecutionList } from './schemas'

/** Returns the page with `execution` swapped in where its id appears; the same page if it does not. */
export function replaceExecutionInPage(page: ExecutionList, execution: Execution): ExecutionList {
  if (!page.data.some((item) => item.id === execution.id)) return page
  return {
    ...page,
    data: page.data.map((item) => (item.id === execution.id ? { ...item, ...execution } : item)),
  }
}

/** Writes a server-confirmed execution into every cached list page that holds it. */
export function patchExecutionInLists(queryClient: QueryClient, execution: Execution): void {
  queryClient.setQueriesData<ExecutionList>({ queryKey: executionKeys.lists() }, (page) =>
    page ? replaceExecutionInPage(page, execution) : page,
  )
  queryClient.setQueryData(executionKeys.detail(execution.id), execution)
}

/**
 * The spec has no "get one execution" operation, so an execution's details come from what the
 * list pages (or a reschedule response) last reported; the freshest `updated_at` wins.
 */
export function findCachedExecution(queryClient: QueryClient, id: string): Execution | undefined {
  let found = queryClient.getQueryData<Execution>(executionKeys.detail(id))
  for (const [, page] of queryClient.getQueriesData<ExecutionList>({ queryKey: executionKeys.lists() })) {
    const match = page?.data.find((item) => item.id === id)
    if (
      match &&
      (!found || (timestampInstant(match.updated_at) ?? 0) > (timestampInstant(found.updated_at) ?? 0))
    )
      found = match
  }
  return found
}
