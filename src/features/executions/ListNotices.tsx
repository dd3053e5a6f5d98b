import type { RejectedRow } from '../../api'
import type { PagingProblem } from './useListPaging'

const PAGING_PROBLEMS: Record<Exclude<PagingProblem, null>, string> = {
  'cursor-ignored':
    'This API did not move to the next page; paging is not supported as assumed. Next is turned off.',
  'no-cursor': 'The API says more executions follow, but sent no cursor to reach them. Next is turned off.',
}

/** Facts about the answer the user must know to read the table right; each is said once, above it. */
export function ListNotices({
  rejected,
  paging,
}: {
  rejected: readonly RejectedRow[]
  paging: PagingProblem
}) {
  const fields = [
    ...new Set(rejected.flatMap((row) => row.problems.map((problem) => problem.split(':')[0] ?? ''))),
  ]
  if (rejected.length === 0 && paging === null) return null
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
    </div>
  )
}
