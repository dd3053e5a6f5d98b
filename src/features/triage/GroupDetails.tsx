import type { ReactNode } from 'react'
import type { Execution } from '../../api'
import { readStateResource } from '../../../shared/listAnswer'
import type { FailureGroup } from '../../../shared/triage'
import { visibleText } from '../../../shared/visibleText'
import { formatAge } from '../../lib/formatAge'
import { dateTime } from '../../lib/windowText'
import type { GroupTableProps } from './GroupTable'
import { ShapeCell } from './ShapeCell'

const when = (at: number | null, utc: boolean) => (at === null ? 'no time' : dateTime(at, utc))

/** A group's samples, when it failed, its attempt shapes and every acknowledgement covering it (with Undo). */
export function GroupDetails(props: GroupTableProps & { group: FailureGroup; label: string }) {
  const { group, utc, now, refusal, onUndo, undoing } = props
  return (
    <div className="triage-details" aria-label={`Samples of ${props.label}`} role="group">
      <p className="muted">
        First failed {when(group.firstSeen, utc)}, last {when(group.lastSeen, utc)}.
        {group.acknowledged > 0 ? ` ${group.acknowledged.toLocaleString('en')} acknowledged.` : ''}
        {group.rescheduled > 0
          ? ` ${group.rescheduled.toLocaleString('en')} rescheduled since they failed.`
          : ''}
      </p>
      <ul className="triage-samples" aria-label={`Sample failures of ${props.label}`}>
        {group.samples.map((id) => (
          <li key={id}>
            <button
              type="button"
              className="overview-link mono"
              aria-label={`Open ${visibleText(id)}`}
              onClick={() => props.onOpenExecution(id)}
            >
              {visibleText(id)}
            </button>{' '}
            <SampleLinks group={group} id={id} render={props.renderSampleLinks} />
          </li>
        ))}
      </ul>
      {props.byShape ? null : (
        <div className="triage-shape">
          <span className="muted">Attempt shapes of a sample:</span>
          <ShapeCell shapes={group.shapes} />
        </div>
      )}
      {group.acks.map((run) => (
        <p key={run.run} className="triage-ack muted">
          {run.count.toLocaleString('en')} acknowledged by {run.user}, {formatAge(run.at, now)}: “{run.note}”{' '}
          <button
            type="button"
            className="overview-link"
            disabled={refusal !== null || undoing === run.run}
            aria-label={`Undo the acknowledgement by ${run.user}: ${run.note}`}
            onClick={() => onUndo(run)}
          >
            {undoing === run.run ? 'Undoing…' : 'Undo'}
          </button>
        </p>
      ))}
    </div>
  )
}

/** A sample's links, when the server sent the sample's row and it reads as an execution. */
function SampleLinks({
  group,
  id,
  render,
}: {
  group: FailureGroup
  id: string
  render: ((execution: Execution) => ReactNode) | undefined
}) {
  if (!render) return null
  const row = (group.sampleRows ?? []).find(
    (item) => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === id,
  )
  const read = readStateResource(row)
  return read.ok ? render(read.value) : null
}
