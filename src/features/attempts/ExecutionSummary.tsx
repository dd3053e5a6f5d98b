import { isFinalState, timestampInstant, type Execution } from '../../api'
import { CopyButton } from '../../components/CopyButton'
import { StateBadge } from '../../components/StateBadge'
import { Timestamp } from '../../components/Timestamp'
import { useTimeDisplay } from '../../components/TimeDisplay'
import { formatDuration } from '../../lib/relativeTime'

interface ExecutionSummaryProps {
  id: string
  execution: Execution | undefined
}

export function ExecutionSummary({ id, execution }: ExecutionSummaryProps) {
  const { now } = useTimeDisplay()
  return (
    <dl className="summary">
      <div>
        <dt>ID</dt>
        <dd className="id-line">
          <code className="mono">{id}</code>
          <CopyButton value={id} label={`Copy ID ${id}`} />
        </dd>
      </div>
      {execution ? (
        <>
          <div>
            <dt>State</dt>
            <dd>
              <StateBadge state={execution.state} />
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <Timestamp value={execution.created_at} />
            </dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>
              <Timestamp value={execution.updated_at} />
            </dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{durationText(execution, now)}</dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Details</dt>
          <dd className="muted">Not on the loaded pages; the API offers no lookup by id.</dd>
        </div>
      )}
    </dl>
  )
}

function durationText(execution: Execution, now: number): string {
  const created = timestampInstant(execution.created_at)
  const updated = timestampInstant(execution.updated_at)
  if (created === null || updated === null) return 'unknown (a timestamp has no time zone)'
  const final = isFinalState(execution.state)
  if (final === true) return formatDuration(updated - created)
  if (final === null) return `unknown: the state “${execution.state}” is not known to be final or running`
  return `${formatDuration(now - created)} so far`
}
