import { useMemo } from 'react'
import type { MetadataFilter } from '../../api'
import { firstPage, nextPage, previousPage } from '../../lib/cursorTrail'
import { useUrlSearch } from '../../lib/useUrlSearch'
import {
  parseExecutionSearch,
  writeExecutionSearch,
  type ExecutionSearch,
  type PageSize,
} from './executionSearch'

export interface ExecutionSearchActions {
  setStates: (states: string[]) => void
  addMetadata: (entry: MetadataFilter) => void
  removeMetadata: (key: string) => void
  removeState: (state: string) => void
  clearFilters: () => void
  goFirst: () => void
  setPageSize: (size: PageSize) => void
  goNext: (endCursor: string) => void
  goPrevious: () => void
}

/** URL-backed search state. Every filter change goes back to the first page; page moves push history. */
export function useExecutionSearch(): [ExecutionSearch, ExecutionSearchActions] {
  const [rawSearch, navigate] = useUrlSearch()
  const search = parseExecutionSearch(rawSearch)

  // The actions read the URL when called, not the render's copy of it: they stay the same functions for
  // the page's life (so the table's columns, which take one, are built once), and two quick clicks build
  // on each other.
  const actions = useMemo<ExecutionSearchActions>(() => {
    const current = () => parseExecutionSearch(window.location.search)
    const go = (next: ExecutionSearch, mode: 'push' | 'replace' = 'push') =>
      navigate(writeExecutionSearch(next, window.location.search), mode)
    // A filter change replaces the history entry: Back leaves the filtering, not each click of it.
    const filter = (change: Partial<ExecutionSearch>) => go(firstPage({ ...current(), ...change }), 'replace')
    return {
      setStates: (states) => filter({ states }),
      removeState: (state) => filter({ states: current().states.filter((s) => s !== state) }),
      addMetadata: (entry) => {
        const { metadata } = current()
        const existing = metadata.find((m) => m.key === entry.key)
        const merged = existing
          ? metadata.map((m) =>
              m.key === entry.key ? { key: m.key, values: [...new Set([...m.values, ...entry.values])] } : m,
            )
          : [...metadata, entry]
        filter({ metadata: merged })
      },
      removeMetadata: (key) => filter({ metadata: current().metadata.filter((m) => m.key !== key) }),
      clearFilters: () => filter({ states: [], metadata: [] }),
      setPageSize: (size) => filter({ size }),
      goFirst: () => go(firstPage(current())),
      goNext: (endCursor) => go(nextPage(current(), endCursor)),
      goPrevious: () => go(previousPage(current())),
    }
  }, [navigate])

  return [search, actions]
}
