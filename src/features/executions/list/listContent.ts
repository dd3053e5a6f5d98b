import type { ExecutionList } from '../../../api'
import { isCursorRefused } from '../../../components/cursorPagerCore'
import type { ListView } from '../../../lib/viewUrl'
import type { Coverage } from '../../../../shared/overview'

/** What the list's place on the page shows: an error, one of the empty states, or the rows. */
export type ListContent =
  | { kind: 'failed'; error: unknown; cursorRefused: boolean }
  | { kind: 'no-match' }
  | { kind: 'empty-page' }
  /** An empty page that says more follow: not the end, and not "none match". */
  | { kind: 'empty-more' }
  | { kind: 'none-yet' }
  /** A window's list from an index that is still counting, or that could not: no rows yet is not "none". */
  | { kind: 'counting'; coverage: Coverage }
  | { kind: 'rows'; refreshError: unknown }

interface ContentInput {
  view: ListView
  page: ExecutionList | undefined
  isPlaceholder: boolean
  error: unknown
}

export function listContent({ view, page, isPlaceholder, error }: ContentInput): ListContent {
  if (error && !page) {
    return { kind: 'failed', error, cursorRefused: isCursorRefused(view.after, error) }
  }
  if (page && page.data.length === 0 && !isPlaceholder) {
    if (page.coverage && page.coverage.kind !== 'exact') return { kind: 'counting', coverage: page.coverage }
    if (page.page_info.has_next_page === true) return { kind: 'empty-more' }
    if (view.states.length > 0 || view.metadata.length > 0 || view.run !== null) return { kind: 'no-match' }
    return view.after !== null ? { kind: 'empty-page' } : { kind: 'none-yet' }
  }
  return { kind: 'rows', refreshError: error }
}

/** "20 executions on page 3; more after it": what is on screen, said once per page change. */
export function listSummary(rows: number, page: number, hasNext: boolean): string {
  return `${rows} executions on page ${page}; ${hasNext ? 'more after it' : 'the last page'}`
}
