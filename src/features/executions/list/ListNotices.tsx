import type { RejectedRow } from '../../../api'
import { pagingProblemText, type PagingProblem } from '../../../components/cursorPager'
import { MAX_TRAIL } from '../../../lib/cursorTrail'

/** Facts about the answer or the link the user must know to read the table right; each is said once, above it. */
interface ListNoticesProps {
  rejected: readonly RejectedRow[]
  paging: PagingProblem
  /** Previous jumps to the first page: older cursors were dropped to keep the link short. */
  previousSkips: boolean
  /** What in the link (a filter, an order, a page size, a cursor) could not be used. */
  linkProblems: readonly string[]
  /** Why a window's list from the index may not hold every execution of the window; null when it does. */
  indexDoubt: string | null
}

export function ListNotices({ rejected, paging, previousSkips, linkProblems, indexDoubt }: ListNoticesProps) {
  const fields = [
    ...new Set(rejected.flatMap((row) => row.problems.map((problem) => problem.split(':')[0] ?? ''))),
  ]
  if (
    rejected.length === 0 &&
    paging === null &&
    !previousSkips &&
    linkProblems.length === 0 &&
    indexDoubt === null
  )
    return null
  return (
    <div className="list-notices">
      {indexDoubt !== null ? (
        <p className="notice">This window&apos;s list may not hold every execution yet: {indexDoubt}.</p>
      ) : null}
      {linkProblems.length > 0 ? (
        <p className="notice">
          Some parts of this link could not be used, so the list goes without them: {linkProblems.join('; ')}.
        </p>
      ) : null}
      {rejected.length > 0 ? (
        <p className="notice">
          {rejected.length === 1 ? '1 row' : `${rejected.length} rows`} of this page could not be read (
          {fields.join(', ')}) and {rejected.length === 1 ? 'is' : 'are'} marked at the end of the table; the
          other rows are shown as the API sent them.
        </p>
      ) : null}
      {paging ? <p className="notice">{pagingProblemText(paging, 'executions')}</p> : null}
      {previousSkips ? (
        <p className="notice">
          The link keeps only the last {MAX_TRAIL} page cursors, so Previous from here goes back to the first
          page.
        </p>
      ) : null}
    </div>
  )
}
