import type { ReactNode } from 'react'
import type { Execution } from '../../api'
import { readStateResource } from '../../../shared/listAnswer'
import type { AckRun, FailureGroup } from '../../../shared/triage'
import { formatAge } from '../../lib/formatAge'
import { dateTime } from '../../lib/windowText'
import { countPrefix } from '../../lib/coverageWords'
import type { Coverage } from '../../../shared/coverage'
import { groupLabel, rescheduleBlock } from './groupWords'
import { ShapeCell } from './ShapeCell'
import { visibleText } from '../../../shared/visibleText'

export interface GroupTableProps {
  groups: readonly FailureGroup[]
  groupKey: string | null
  /** Grouped by attempt shape: sizes count the sample, and there is no shape column. */
  byShape: boolean
  coverage: Coverage
  utc: boolean
  now: number
  /** Why this user may not act (a viewer), or null. */
  refusal: string | null
  onOpenExecution: (id: string) => void
  /** A sample's log and trace links, lent by the composer (the attempts feature builds them). */
  renderSampleLinks?: ((execution: Execution) => ReactNode) | undefined
  onReschedule: (group: FailureGroup) => void
  onAcknowledge: (group: FailureGroup) => void
  onUndo: (run: AckRun) => void
  /** The run being undone, if any: its button waits. */
  undoing: string | null
}

const when = (at: number | null, utc: boolean) => (at === null ? 'no time' : dateTime(at, utc))

/** One row per group: its size over the whole view, when, samples, what was done, and the actions. */
export function GroupTable(props: GroupTableProps) {
  const { groups, utc, refusal } = props
  const prefix = countPrefix(props.coverage)
  return (
    <table className="triage-table">
      <caption className="visually-hidden">Failure groups, largest first</caption>
      <thead>
        <tr>
          <th scope="col">Group</th>
          <th scope="col">Failures</th>
          <th scope="col">First and last seen</th>
          <th scope="col">Samples</th>
          {props.byShape ? null : <th scope="col">Attempt shape</th>}
          <th scope="col">Addressed</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => {
          const label = groupLabel(group, props.groupKey, utc)
          const blocked = refusal ?? rescheduleBlock(group)
          return (
            <tr key={group.id}>
              <th scope="row" className="triage-group">
                {label}
              </th>
              <td className="numeric">
                {props.byShape ? '' : prefix}
                {group.size.toLocaleString('en')}
                {props.byShape ? ' sampled' : ''}
              </td>
              <td>
                {when(group.firstSeen, utc)}
                <br />
                {when(group.lastSeen, utc)}
              </td>
              <td>
                <ul className="triage-samples">
                  {group.samples.map((id) => (
                    <li key={id}>
                      <button
                        type="button"
                        className="overview-link mono"
                        aria-label={`Open ${id}`}
                        onClick={() => props.onOpenExecution(id)}
                      >
                        {visibleText(id)}
                      </button>{' '}
                      <SampleLinks group={group} id={id} render={props.renderSampleLinks} />
                    </li>
                  ))}
                </ul>
              </td>
              {props.byShape ? null : (
                <td>
                  <ShapeCell shapes={group.shapes} />
                </td>
              )}
              <td>
                <AddressedCell group={group} {...props} />
              </td>
              <td className="triage-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-haspopup="dialog"
                  aria-label={`Reschedule the failures of ${label}…`}
                  disabled={blocked !== null}
                  title={blocked ?? undefined}
                  onClick={() => props.onReschedule(group)}
                >
                  Reschedule…
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-haspopup="dialog"
                  aria-label={`Acknowledge the failures of ${label}…`}
                  disabled={refusal !== null || group.open === 0}
                  title={
                    refusal ?? (group.open === 0 ? 'Every failure of this group is addressed.' : undefined)
                  }
                  onClick={() => props.onAcknowledge(group)}
                >
                  Acknowledge…
                </button>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function AddressedCell({ group, now, refusal, onUndo, undoing }: GroupTableProps & { group: FailureGroup }) {
  return (
    <>
      <span className={group.open > 0 ? 'triage-open' : undefined}>
        {group.open.toLocaleString('en')} open
      </span>
      {group.acknowledged > 0 ? ` · ${group.acknowledged.toLocaleString('en')} acknowledged` : ''}
      {group.rescheduled > 0 ? ` · ${group.rescheduled.toLocaleString('en')} rescheduled` : ''}
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
    </>
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
