import type { RejectedRow } from '../../api'
import { MAX_TRAIL } from '../../lib/cursorTrail'
import type { PagingProblem } from './useListPaging'

const PAGING_PROBLEMS: Record<Exclude<PagingProblem, null>, string> = {
  'cursor-ignored':
    'This API did not move to the next page; paging is not supported as assumed. Next is turned off.',
  'no-cursor': 'The API says more executions follow, but sent no cursor to reach them. Next is turned off.',
}

/** Facts about the answer the user must know to read the table right; each is said once, above it. */
interface ListNoticesProps {
  rejected: readonly RejectedRow[]
  paging: PagingProblem
  /** Previous jumps to the first page: older cursors were dropped to keep the link short. */
  previousSkips?: boolean
}

export function ListNotices({ rejected, paging, previousSkips = false }: ListNoticesProps) {
  const fields = [
    ...new Set(rejected.flatMap((row) => row.problems.map((problem) => problem.split(':')[0] ?? ''))),
  ]
  if (rejected.length === 0 && paging === null && !previousSkips) return null
  return (
    <div className="list-notices">
      {rejected.length > 0 ? (
        <p className="notice">
          {rejected.length === 1 ? '1 row' : `${rejected.length} rows`} of this page could not be read (
          {fields.join(', ')}) and {rejected.length === 1 ? 'is' : 'are'} marked at the end of the table; the
          other rows are shown as the API sent them.
        </p>
      ) : null}
      {paging ? <p className="notice">{PAGING_PROBLEMS[paging]}</p> : null}
      {previousSkips ? (
        <p className="notice">
          The link keeps only the last {MAX_TRAIL} page cursors, so Previous from here goes back to the first
          page.
        </p>
      ) : null}
    </div>
  )
}
