import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { rememberExecution, type ListFilters } from '../../api'
import { indexedExecutionQuery, type IndexLookup } from '../../api/indexedExecution'
import { formatCount } from '../../lib/coverageWords'
import { describeWalkStop } from '../../../shared/listWalker'
import { SEARCH_MAX_PAGES, useFindExecution, type ExecutionSearchState } from './useExecutionSearch'

interface FindExecutionProps {
  id: string
  /** The list's filters; when given, the search starts on its own (once the index has no answer). */
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

/** What the dashboard's index said of the id; null when it has nothing to say (off, or not asked yet). */
export function indexWords(lookup: IndexLookup | undefined): string | null {
  if (!lookup || lookup.kind === 'found') return null
  if (lookup.kind === 'unreadable')
    return `The index saw it in state “${lookup.state}”, but cannot show it: ${lookup.problems}.`
  const { coverage } = lookup
  if (!coverage) return 'Not in the dashboard’s index.'
  const held = formatCount(coverage.executions)
  return coverage.kind === 'exact'
    ? `Not among the ${held} executions of the dashboard’s index (all the API listed).`
    : `Not among the ${held} executions the dashboard’s index has seen so far.`
}

/**
 * For an execution not on the loaded pages: asks the dashboard's index first (one cheap call); when the index
 * has not seen it or is off, looks for it in the list in the background, with progress and Stop.
 */
export function FindExecution({ id, filters }: FindExecutionProps) {
  const client = useQueryClient()
  const lookup = useQuery(indexedExecutionQuery(id))
  const { state, search, stop } = useFindExecution(id, filters)
  const answer = lookup.data
  useEffect(() => {
    if (answer?.kind === 'found') rememberExecution(client, answer.execution, 'index', answer.seenAt)
  }, [answer, client])
  // The list search costs up to 20 calls to the API: only once the index has no answer.
  const indexSettled = lookup.isError || (answer !== undefined && answer.kind !== 'found')
  useEffect(() => {
    if (filters && indexSettled) search()
  }, [filters, search, indexSettled])
  const fromIndex = indexWords(answer)
  return (
    <div>
      <dt>Details</dt>
      <dd className="muted find-execution">
        <span role="status">
          {lookup.isPending
            ? 'Not on the loaded pages. Asking the dashboard’s index…'
            : `${fromIndex ? `${fromIndex} ` : ''}${searchWords(state)}`}
        </span>{' '}
        {lookup.isPending ? null : state.kind === 'searching' ? (
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
