import { useEffect } from 'react'
import type { ListFilters } from '../../api'
import { describeWalkStop } from '../../shared/listWalker'
import { SEARCH_MAX_PAGES, useFindExecution, type ExecutionSearchState } from './useExecutionSearch'

interface FindExecutionProps {
  id: string
  /** The list's filters; when given, the search starts on its own. */
  filters?: ListFilters | undefined
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** What the search did, in words: every stop that is not "the API said there is no more" is said as such. */
export function searchWords(state: ExecutionSearchState): string {
  switch (state.kind) {
    case 'idle':
      return 'Not on the loaded pages; the API offers no lookup by id.'
    case 'searching':
      return `Not on the loaded pages. Searching the list: page ${state.page}…`
    case 'found':
      return `Found on page ${state.page} of the list.`
    case 'not-found': {
      const { report } = state
      const searched = `${count(report.pages, 'page', 'pages')}, ${count(report.rows, 'row', 'rows')}`
      if (report.stop.kind === 'end')
        return `Not in the list with the current filters (searched all ${searched}).`
      // What the walk really read: an API that caps the page size or repeats a cursor gives fewer rows.
      if (report.stop.kind === 'page_budget')
        return `Not in the ${searched} searched with the current filters (the search reads at most ${SEARCH_MAX_PAGES} pages); it may be further down.`
      return `Not found in ${searched}; the search stopped because ${describeWalkStop(report)}.`
    }
    case 'stopped':
      return `Search stopped after ${count(state.pages, 'page', 'pages')}; not found so far.`
    case 'failed':
      return `The search failed after ${count(state.pages, 'page', 'pages')}: ${state.message}`
  }
}

/** For an execution not on the loaded pages: looks for it in the background, with progress and Stop. */
export function FindExecution({ id, filters }: FindExecutionProps) {
  const { state, search, stop } = useFindExecution(id, filters)
  useEffect(() => {
    if (filters) search()
  }, [filters, search])
  return (
    <div>
      <dt>Details</dt>
      <dd className="muted find-execution">
        <span role="status">{searchWords(state)}</span>{' '}
        {state.kind === 'searching' ? (
          <button type="button" className="button button-small" onClick={stop}>
            Stop searching
          </button>
        ) : state.kind !== 'found' ? (
          <button type="button" className="button button-small" onClick={search}>
            {state.kind === 'idle' ? 'Search the list' : 'Search again'}
          </button>
        ) : null}
      </dd>
    </div>
  )
}
