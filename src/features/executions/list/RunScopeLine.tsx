import type { ReactNode } from 'react'
import type { RunScope } from '../../../../shared/runScope'
import { formatCount } from '../../../lib/coverageWords'
import { withoutShownRun } from '../../../lib/shownRun'
import { useUrlSearch } from '../../../lib/useUrlSearch'
import { MOST_RUN_MEMBERS } from '../../../../shared/bulkRunReport'

interface RunScopeLineProps {
  run: string
  /** What the list's answer said of the run; null until it came (or when it could not be read). */
  scope: RunScope | null
  /** Whether filters narrow the run's executions further. */
  filtered: boolean
  /** The run's live counts, report and file (the bulk actions' part, lent by the page). */
  summary?: ReactNode
}

/** Above a list limited to one bulk run: that it is, how many it has and cannot show, and the way back to all. */
export function RunScopeLine({ run, scope, filtered, summary }: RunScopeLineProps) {
  const [, navigate] = useUrlSearch()
  const name = run.slice(0, 8)
  const acknowledgement = scope?.kind === 'acknowledge'
  return (
    <section className="run-scope" aria-label={`${acknowledgement ? 'Acknowledgement' : 'Bulk run'} ${name}`}>
      <div className="run-scope-head">
        <p>
          <strong>
            {acknowledgement ? 'Only the failures acknowledgement ' : 'Only the executions bulk run '}
            <code className="mono">{name}</code> {acknowledgement ? 'covered' : 'sent'}
            {scope ? ` (${formatCount(scope.members)})` : ''}
          </strong>
          {filtered ? ', that also match the filters below' : ''}, from the dashboard’s index, in their states
          as it last read them.
        </p>
        <button
          type="button"
          className="button button-small"
          onClick={() => navigate(withoutShownRun(window.location.search), 'replace')}
        >
          Show all executions
        </button>
      </div>
      {scope && scope.not_in_index > 0 ? (
        <p className="notice">
          {formatCount(scope.not_in_index)} of them {scope.not_in_index === 1 ? 'is' : 'are'} not in the
          dashboard’s index, so the list cannot show {scope.not_in_index === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      {scope?.truncated ? (
        <p className="notice">
          The run has more executions than the list reads: these are the first {formatCount(MOST_RUN_MEMBERS)}
          .
        </p>
      ) : null}
      {summary}
    </section>
  )
}
