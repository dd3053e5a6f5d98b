import { useMemo } from 'react'
import type { MetadataFilter } from '../../../api'
import { firstPage, type CursorPosition } from '../../../lib/cursorTrail'
import { useUrlSearch } from '../../../lib/useUrlSearch'
import { paramsOf, readListView, writeListView, type ListView, type PageSize } from '../../../lib/viewUrl'
import type { ListSort } from '../../../../shared/listSort'
import { ANY_TIME, readWindowParams, writeWindowParams, type TimeWindow } from '../../../../shared/timeWindow'

export interface ListViewActions {
  setStates: (states: string[]) => void
  removeState: (state: string) => void
  addMetadata: (entry: MetadataFilter) => void
  removeMetadata: (key: string) => void
  clearFilters: () => void
  setPageSize: (size: PageSize) => void
  /** An order from the index, or null for the API's own. */
  setSort: (sort: ListSort | null) => void
  /** A page move: pushes a history entry. */
  moveTo: (position: CursorPosition) => void
}

/**
 * The list's view, held in the URL: every filter change goes back to the first page and replaces the
 * history entry (Back leaves the filtering, not each click of it); page moves push one. The actions read
 * the URL when called, not the render's copy of it: they stay the same functions for the page's life, and
 * two quick clicks build on each other.
 */
export function useListView(): {
  view: ListView
  /** The time window (the overview sets it): with one, the list pages from the index. */
  timeWindow: TimeWindow
  problems: string[]
  actions: ListViewActions
} {
  const [search, navigate] = useUrlSearch()
  const { view, problems } = useMemo(() => readListView(search), [search])
  const windowKey = readWindowParams(paramsOf(search))
  const timeWindowText = JSON.stringify(windowKey.window)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text stands for the window
  const timeWindow = useMemo(() => windowKey.window, [timeWindowText])
  const actions = useMemo<ListViewActions>(() => {
    const current = () => readListView(window.location.search).view
    const go = (next: ListView, mode: 'push' | 'replace') =>
      navigate(writeListView(next, window.location.search), mode)
    const filter = (change: Partial<ListView>) => go(firstPage({ ...current(), ...change }), 'replace')
    return {
      setStates: (states) => filter({ states }),
      removeState: (state) => filter({ states: current().states.filter((other) => other !== state) }),
      addMetadata: (entry) => {
        const { metadata } = current()
        const existing = metadata.find((other) => other.key === entry.key)
        const merged = existing
          ? metadata.map((other) =>
              other.key === entry.key
                ? { key: other.key, values: [...new Set([...other.values, ...entry.values])] }
                : other,
            )
          : [...metadata, { key: entry.key, values: [...entry.values] }]
        filter({ metadata: merged })
      },
      removeMetadata: (key) => filter({ metadata: current().metadata.filter((other) => other.key !== key) }),
      // The time window narrows the list too: clearing the filters shows everything again.
      clearFilters: () =>
        navigate(
          writeWindowParams(
            ANY_TIME,
            writeListView(
              firstPage({ ...current(), states: [], metadata: [], run: null }),
              window.location.search,
            ),
          ),
          'replace',
        ),
      setPageSize: (size) => filter({ size }),
      setSort: (sort) => filter({ sort }),
      moveTo: (position) => go({ ...current(), ...position }, 'push'),
    }
  }, [navigate])
  return { view, timeWindow, problems: [...problems, ...windowKey.problems], actions }
}
