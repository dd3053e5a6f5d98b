import { useEffect } from 'react'
import type { ListFilters } from '../../api'
import { SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE, useFindExecution } from './useExecutionSearch'

interface FindExecutionProps {
  id: string
  /** The list's filters; when given, the search starts on its own. */
  filters?: ListFilters
}

/** For an execution not on the loaded pages: looks for it in the background, with progress and Stop. */
export function FindExecution({ id, filters }: FindExecutionProps) {
  const { state, search, stop } = useFindExecution(id, filters)
  useEffect(() => {
    if (filters) void search()
  }, [filters, search])

  const limit = `${SEARCH_MAX_PAGES} pages of ${SEARCH_PAGE_SIZE}`
  const words = (() => {
    switch (state.kind) {
      case 'idle':
        return 'Not on the loaded pages; the API offers no lookup by id.'
      case 'searching':
        return `Not on the loaded pages. Searching the list: page ${state.page}…`
      case 'found':
        return `Found on page ${state.page} of the list.`
      case 'not-found':
        return state.complete
          ? `Not in the list with the current filters (searched all ${state.pages} pages).`
          : `Not in the first ${limit} with the current filters; it may be further down.`
      case 'stopped':
        return `Search stopped after ${state.pages} pages; not found so far.`
      case 'failed':
        return `The search failed after ${state.pages} pages: ${state.message}`
    }
  })()
  return (
    <div>
      <dt>Details</dt>
      <dd className="muted find-execution">
        <span role="status">{words}</span>{' '}
        {state.kind === 'searching' ? (
          <button type="button" className="button button-small" onClick={stop}>
            Stop searching
          </button>
        ) : state.kind !== 'found' ? (
          <button type="button" className="button button-small" onClick={() => void search()}>
            {state.kind === 'idle' ? 'Search the list' : 'Search again'}
          </button>
        ) : null}
      </dd>
    </div>
  )
}
