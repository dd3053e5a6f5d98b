import { timestampInstant } from '../shared/timestamps'
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

/** Where a cached execution came from, for "created, from the reschedule answer, 20 s ago". */
export type ExecutionSource = 'list' | 'reschedule answer' | 'list search'

const detailSources = new Map<string, ExecutionSource>()
const rescheduledAt = new Map<string, number>()

/** Keeps one execution the lists may not hold (a reschedule answer, a search hit) with where it came from. */
export function rememberExecution(
  queryClient: QueryClient,
  execution: Execution,
  source: ExecutionSource,
): void {
  detailSources.set(execution.id, source)
  queryClient.setQueryData(executionKeys.detail(execution.id), execution)
}

/** Writes a server-confirmed execution into every cached list page that holds it. */
export function patchExecutionInLists(queryClient: QueryClient, execution: Execution): void {
  queryClient.setQueriesData<ExecutionList>({ queryKey: executionKeys.lists() }, (page) =>
    page ? replaceExecutionInPage(page, execution) : page,
  )
  rememberExecution(queryClient, execution, 'reschedule answer')
}

/** A 2xx reschedule answer came for this id (whatever its body): lists may then drop the row. */
export function noteRescheduled(id: string, at = Date.now()): void {
  rescheduledAt.set(id, at)
}

export function rescheduledSince(id: string, since: number): boolean {
  return (rescheduledAt.get(id) ?? -Infinity) >= since
}

export interface SourcedExecution {
  execution: Execution
  source: ExecutionSource
  /** When the dashboard received it (ms epoch). */
  receivedAt: number
}

/**
 * The freshest report of an execution with where it came from: the newest `updated_at` wins, and
 * between equal ones the latest received (a list refetched after a reschedule answer).
 */
export function findSourcedExecution(queryClient: QueryClient, id: string): SourcedExecution | undefined {
  const cache = queryClient.getQueryCache()
  let best: SourcedExecution | undefined
  const consider = (execution: Execution | undefined, source: ExecutionSource, receivedAt: number) => {
    if (!execution) return
    const updated = timestampInstant(execution.updated_at) ?? 0
    const bestUpdated = best ? (timestampInstant(best.execution.updated_at) ?? 0) : -Infinity
    if (!best || updated > bestUpdated || (updated === bestUpdated && receivedAt > best.receivedAt)) {
      best = { execution, source, receivedAt }
    }
  }
  const detail = cache.find<Execution>({ queryKey: executionKeys.detail(id), exact: true })
  consider(detail?.state.data, detailSources.get(id) ?? 'reschedule answer', detail?.state.dataUpdatedAt ?? 0)
  for (const query of cache.findAll({ queryKey: executionKeys.lists() })) {
    const page = query.state.data as ExecutionList | undefined
    consider(
      page?.data.find((item) => item.id === id),
      'list',
      query.state.dataUpdatedAt,
    )
  }
  return best
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
