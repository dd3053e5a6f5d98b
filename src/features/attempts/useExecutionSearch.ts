import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { listExecutions, rememberExecution, type ListFilters } from '../../api'
import { describeApiError } from '../../components/describeApiError'

export const SEARCH_PAGE_SIZE = 100
export const SEARCH_MAX_PAGES = 20

export type ExecutionSearchState =
  | { kind: 'idle' }
  | { kind: 'searching'; page: number }
  | { kind: 'found'; page: number }
  | { kind: 'not-found'; pages: number; complete: boolean }
  | { kind: 'stopped'; pages: number }
  | { kind: 'failed'; pages: number; message: string }

/**
 * The API has no lookup by id: page through the current filter's list (bounded) until the id turns up.
 * A hit goes into the cache as "found by searching the list", where the panel's summary reads it.
 */
export function useFindExecution(id: string, filters: ListFilters | undefined) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<ExecutionSearchState>({ kind: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)

  const search = useCallback(async () => {
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    let after: string | null = null
    let pages = 0
    try {
      while (pages < SEARCH_MAX_PAGES) {
        setState({ kind: 'searching', page: pages + 1 })
        const list = await listExecutions(
          { first: SEARCH_PAGE_SIZE, after, states: filters?.states, metadata: filters?.metadata },
          { signal: controller.signal },
        )
        pages += 1
        const hit = list.data.find((execution) => execution.id === id)
        if (hit) {
          rememberExecution(queryClient, hit, 'list search')
          return setState({ kind: 'found', page: pages })
        }
        const next = list.page_info.has_next_page ? list.page_info.end_cursor : null
        if (!next || next === after) return setState({ kind: 'not-found', pages, complete: !next })
        after = next
      }
      setState({ kind: 'not-found', pages, complete: false })
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: 'stopped', pages })
      else setState({ kind: 'failed', pages, message: describeApiError(error).message })
    }
  }, [filters, id, queryClient])

  useEffect(() => () => controllerRef.current?.abort(), [])
  const stop = useCallback(() => controllerRef.current?.abort(), [])
  return { state, search, stop }
}
