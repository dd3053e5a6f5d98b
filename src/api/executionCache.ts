import type { QueryClient } from '@tanstack/react-query'
import { timestampInstant } from '../../shared/timestamps'
import { executionKeys } from './queryKeys'
import type { Execution, ExecutionList } from './schemas'

/** Where a report of an execution came from, for "created, from the reschedule answer, 20 s ago". */
export type ExecutionSource = 'list' | 'reschedule answer' | 'list search' | 'index'

/**
 * One execution as the dashboard last heard of it outside the lists (a reschedule answer, a search hit):
 * the value of its detail query, with where and when it came.
 */
export interface ExecutionReport {
  execution: Execution
  source: ExecutionSource
  /** When the dashboard received it (ms epoch). */
  receivedAt: number
}

/** Returns the page with `execution` swapped in where its id appears; the same page if it does not. */
export function replaceExecutionInPage(page: ExecutionList, execution: Execution): ExecutionList {
  if (!page.data.some((item) => item.id === execution.id)) return page
  return {
    ...page,
    data: page.data.map((item) => (item.id === execution.id ? { ...item, ...execution } : item)),
  }
}

/** Keeps one execution the lists may not hold (a reschedule answer, a search hit) with where it came from. */
export function rememberExecution(
  client: QueryClient,
  execution: Execution,
  source: ExecutionSource,
  receivedAt = Date.now(),
): void {
  client.setQueryData<ExecutionReport>(executionKeys.detail(execution.id), { execution, source, receivedAt })
}

/**
 * Writes a server-confirmed execution into every cached list page that holds it, and keeps its report. An answer
 * without metadata keeps what the list knew of it (a reschedule does not change metadata): never "none" for it.
 */
export function patchExecutionInLists(client: QueryClient, execution: Execution): void {
  const known = findSourcedExecution(client, execution.id)?.execution
  const kept =
    execution.metadata === undefined && known?.metadata !== undefined ? { metadata: known.metadata } : {}
  client.setQueriesData<ExecutionList>({ queryKey: executionKeys.lists() }, (page) =>
    page ? replaceExecutionInPage(page, execution) : page,
  )
  rememberExecution(client, { ...kept, ...execution }, 'reschedule answer')
}

/**
 * The freshest report of an execution with where it came from: the newest `updated_at` wins, and
 * between equal ones the latest received (a list refetched after a reschedule answer). The spec has no
 * "get one execution" operation, so this is all the dashboard knows of one.
 */
export function findSourcedExecution(client: QueryClient, id: string): ExecutionReport | undefined {
  const cache = client.getQueryCache()
  let best: ExecutionReport | undefined
  const consider = (report: ExecutionReport | undefined) => {
    if (!report) return
    const updated = timestampInstant(report.execution.updated_at) ?? 0
    const bestUpdated = best ? (timestampInstant(best.execution.updated_at) ?? 0) : -Infinity
    if (!best || updated > bestUpdated || (updated === bestUpdated && report.receivedAt > best.receivedAt))
      best = report
  }
  consider(client.getQueryData<ExecutionReport>(executionKeys.detail(id)))
  for (const query of cache.findAll({ queryKey: executionKeys.lists() })) {
    const execution = (query.state.data as ExecutionList | undefined)?.data.find((item) => item.id === id)
    if (execution) consider({ execution, source: 'list', receivedAt: query.state.dataUpdatedAt })
  }
  return best
}
