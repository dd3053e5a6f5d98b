import type { ReactNode } from 'react'
import { countPrefix, coverageLine } from '../../lib/coverageWords'
import type { TimeWindow } from '../../../shared/timeWindow'
import type { GroupBy, TriageAnswer } from '../../../shared/triage'
import { GroupByControl } from './GroupByControl'
import { plural } from './groupWords'
import { SampleLine } from './ShapeCell'

/* The board's head and the lines around its groups (FailureBoard.tsx composes them). */

function summaryText(answer: TriageAnswer): string {
  const prefix = countPrefix(answer.coverage)
  return `${prefix}${plural(answer.unaddressed, 'unaddressed failure')} of ${prefix}${answer.failed.toLocaleString('en')} failed`
}

/** Nothing to group: said as what is known, never "none" while the index still counts or could not. */
function noFailuresText(answer: TriageAnswer, window: TimeWindow): string {
  const { coverage } = answer
  switch (coverage.kind) {
    case 'exact':
      return `No failed executions in this view${window.kind === 'any' ? '' : ' and time window'}.`
    case 'counting':
      return 'No failed executions found yet; the index is still counting this view.'
    case 'failed':
      return `No failed executions found, but the index could not count this view: ${coverage.reason}`
    case 'at_least':
      return `No failed executions found so far, but the count is not complete: ${coverage.reason}`
  }
}

/** Groups by a key some failures hold several values of overlap: said, so their sizes are not added up. */
function OverlapNote({ groupBy }: { groupBy: TriageAnswer['groupBy'] }) {
  if (groupBy?.kind !== 'key' || !groupBy.overlapping) return null
  return (
    <p className="muted">
      Some executions hold several values of {groupBy.key}: each is in the group of every value it holds, as a
      filter by that value selects it, so the groups add up to more than the failures.
    </p>
  )
}

export interface BoardHeadProps {
  titleId: string
  answer: TriageAnswer | undefined
  collapsed: boolean
  onCollapse: () => void
  suggested: boolean
  onGroupByChange: (groupBy: GroupBy) => void
  onClose: () => void
}

/** The board's title, what it counts, its grouping, and Collapse and Close. */
export function BoardHead({
  titleId,
  answer,
  collapsed,
  onCollapse,
  suggested,
  onGroupByChange,
  onClose,
}: BoardHeadProps) {
  return (
    <div className="triage-head">
      <h2 id={titleId} tabIndex={-1}>
        Failure groups
      </h2>
      <p className="triage-summary" role="status">
        {answer ? summaryText(answer) : ''}
      </p>
      {answer && !collapsed ? (
        <GroupByControl
          value={answer.groupBy}
          keys={answer.keys}
          suggested={suggested}
          onChange={onGroupByChange}
        />
      ) : null}
      <div className="triage-head-actions">
        <button type="button" className="button button-small" aria-expanded={!collapsed} onClick={onCollapse}>
          {collapsed ? 'Show groups' : 'Collapse'}
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          Close failure groups
        </button>
      </div>
    </div>
  )
}

/** What the counts mean and how complete they are, the groups (`children`), and how many were left out. */
export function BoardBody({
  answer,
  window,
  children,
}: {
  answer: TriageAnswer
  window: TimeWindow
  children: ReactNode
}) {
  return (
    <>
      <p className="muted triage-note">
        Open: failed, not rescheduled since, not acknowledged. {coverageLine(answer.coverage)}.
      </p>
      <SampleLine groupBy={answer.groupBy} />
      <OverlapNote groupBy={answer.groupBy} />
      {answer.failed === 0 ? <p className="triage-empty">{noFailuresText(answer, window)}</p> : children}
      {answer.more.groups > 0 ? (
        <p className="muted">
          {plural(answer.more.groups, 'smaller group')} ({plural(answer.more.executions, 'failure')}) not
          shown.
        </p>
      ) : null}
    </>
  )
}
