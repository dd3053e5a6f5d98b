import { useCallback, useEffect, useRef, useState } from 'react'
import { listExecutions, type Execution, type ListFilters } from '../../api'
import { describeApiError } from '../../components/describeApiError'

export const DRY_RUN_PAGE_SIZE = 100
/** The most executions one run takes; a larger set is narrowed by filters first. */
export const MAX_RUN_SIZE = 20_000

export type DryRun =
  | { kind: 'idle' }
  | { kind: 'scanning'; pages: number; found: number }
  | {
      kind: 'scanned'
      /** Frozen by id at the scan: later arrivals are not touched, an id seen twice counts once. */
      executions: Execution[]
      pages: number
      /** Why the scan ended before the last page, if it did. */
      cutShort: string | null
    }
  | { kind: 'failed'; message: string; pages: number }

/** Pages through the whole filtered list (no PATCH), which is the only count the API offers. */
export function useDryRun(filters: ListFilters) {
  const [state, setState] = useState<DryRun>({ kind: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)
  useEffect(() => () => controllerRef.current?.abort(), [])

  const scan = useCallback(async () => {
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    const found = new Map<string, Execution>()
    const cursors = new Set<string>()
    let after: string | null = null
    let pages = 0
    const finish = (cutShort: string | null) =>
      setState({ kind: 'scanned', executions: [...found.values()], pages, cutShort })
    setState({ kind: 'scanning', pages, found: 0 })
    try {
      for (;;) {
        const page = await listExecutions(
          { first: DRY_RUN_PAGE_SIZE, after, states: filters.states, metadata: filters.metadata },
          { signal: controller.signal },
        )
        pages += 1
        for (const execution of page.data) if (!found.has(execution.id)) found.set(execution.id, execution)
        setState({ kind: 'scanning', pages, found: found.size })
        const next = page.page_info.has_next_page ? page.page_info.end_cursor : null
        if (!next) return finish(null)
        if (cursors.has(next))
          return finish('the API gave a cursor it had already given, so the scan stopped')
        if (found.size >= MAX_RUN_SIZE) return finish(`a run takes at most ${MAX_RUN_SIZE.toLocaleString()}`)
        cursors.add(next)
        after = next
      }
    } catch (error) {
      if (controller.signal.aborted) return finish('you stopped the scan')
      setState({ kind: 'failed', message: describeApiError(error).message, pages })
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null
    }
  }, [filters])

  const stop = useCallback(() => controllerRef.current?.abort(), [])
  return { state, scan, stop }
}
