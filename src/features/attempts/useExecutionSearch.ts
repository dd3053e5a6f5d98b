import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { listExecutions, walkPageOf, rememberExecution, type Execution, type ListFilters } from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { contradictsFilters } from '../../../shared/filters'
import { walkList, type WalkReport } from '../../../shared/listWalker'

export const SEARCH_PAGE_SIZE = 100
export const SEARCH_MAX_PAGES = 20

export type ExecutionSearchState =
  | { kind: 'idle' }
  | { kind: 'searching'; page: number }
  | { kind: 'found'; page: number }
  /** Not found: the walk's report says how far it went and why it stopped. */
  | { kind: 'not-found'; report: WalkReport }
  | { kind: 'stopped'; pages: number }
  | { kind: 'failed'; pages: number; message: string }

/**
 * The API has no lookup by id: walk the current filter's list (bounded, with the one walker's stop rule)
 * until the id turns up. A hit goes into the cache as "found by searching the list", where the panel's
 * summary reads it.
 */
export function useFindExecution(id: string, filters: ListFilters | undefined) {
  const client = useQueryClient()
  const [state, setState] = useState<ExecutionSearchState>({ kind: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)

  const search = useCallback(async () => {
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    const asked: ListFilters = filters ?? { states: [], metadata: [] }
    let found: { execution: Execution; page: number } | null = null
    const report = await walkList<Execution>({
      first: SEARCH_PAGE_SIZE,
      maxPages: SEARCH_MAX_PAGES,
      signal: controller.signal,
      fetchPage: async (after) =>
        walkPageOf(
          await listExecutions(
            { first: SEARCH_PAGE_SIZE, after, states: asked.states, metadata: asked.metadata },
            { signal: controller.signal },
          ),
        ),
      idOf: (execution) => execution.id,
      contradicts: (execution) => contradictsFilters(execution, asked),
      onRows: (rows, progress) => {
        const hit = rows.find((execution) => execution.id === id)
        if (hit && !found) {
          found = { execution: hit, page: progress.pages }
          controller.abort()
        } else setState({ kind: 'searching', page: progress.pages + 1 })
      },
    })
    if (controllerRef.current === controller) controllerRef.current = null
    setState(searchOutcome(report, found, client, id))
  }, [client, filters, id])

  useEffect(() => () => controllerRef.current?.abort(), [])
  const start = useCallback(() => {
    setState({ kind: 'searching', page: 1 })
    void search()
  }, [search])
  const stop = useCallback(() => controllerRef.current?.abort(), [])
  return { state, search: start, stop }
}

function searchOutcome(
  report: WalkReport,
  found: { execution: Execution; page: number } | null,
  client: QueryClient,
  id: string,
): ExecutionSearchState {
  if (found && found.execution.id === id) {
    rememberExecution(client, found.execution, 'list search')
    return { kind: 'found', page: found.page }
  }
  if (report.stop.kind === 'aborted') return { kind: 'stopped', pages: report.pages }
  if (report.stop.kind === 'failed')
    return { kind: 'failed', pages: report.pages, message: describeApiError(report.stop.error).message }
  return { kind: 'not-found', report }
}
