import {
  isFinalState,
  stateMeaning,
  readMetadata,
  timestampInstant,
  type Execution,
  type ListFilters,
  type ExecutionReport,
  executionKeys,
} from '../../api'
import { CopyButton } from '../../components/CopyButton'
import { StateBadge } from '../../components/StateBadge'
import { Timestamp } from '../../components/Timestamp'
import { formatDuration } from '../../lib/duration'
import { formatAge } from '../../lib/formatAge'
import { useNow } from '../../lib/useNow'
import { useQueryCacheSelector } from '../../lib/useQueryCacheSelector'
import { FindExecution } from './FindExecution'
import { LastReschedule } from './LastReschedule'
import { ExecutionLinks } from './LogLinks'
import { visibleText } from '../../../shared/visibleText'

interface ExecutionSummaryProps {
  id: string
  sourced: ExecutionReport | undefined
  /** The newest attempt's creation, when the attempts are loaded: a re-run's duration counts from it. */
  latestAttemptStart?: string
  /** The list's filters, to look for an execution that is not on the loaded pages. */
  filters?: ListFilters
  /** The newest attempt's state: all that is known of an execution that neither the lists nor the index hold. */
  latestAttemptState?: string
  /** The API answered 404 for it: the panel says so, and no search runs (one still running stops). */
  gone?: boolean
}

const SOURCE_WORDS: Record<ExecutionReport['source'], string> = {
  list: 'from the list',
  'reschedule answer': 'from the reschedule answer',
  'list search': 'found by searching the list',
  index: 'as the dashboard’s index last saw it',
}

export function ExecutionSummary({
  id,
  sourced,
  latestAttemptStart,
  filters,
  latestAttemptState,
  gone = false,
}: ExecutionSummaryProps) {
  // Its own clock: the ages and a running duration change in every Times setting.
  const now = useNow(5000)
  const execution = sourced?.execution
  // Not on the loaded pages is not known while the list's first answer is on its way (a panel opened by link):
  // the search waits for it, and is not made at all when the list brings the execution.
  const listComing = useQueryCacheSelector((client) =>
    client
      .getQueryCache()
      .findAll({ queryKey: executionKeys.lists() })
      .some((query) => query.state.status === 'pending' && query.state.fetchStatus === 'fetching'),
  )
  return (
    <dl className="summary">
      <div>
        <dt>ID</dt>
        <dd className="id-line">
          <code className="mono">{visibleText(id)}</code>
          <CopyButton value={id} label={`Copy ID ${id}`} />
        </dd>
      </div>
      {execution ? (
        <>
          <div>
            <dt>State</dt>
            <dd>
              <StateBadge state={execution.state} />{' '}
              <span className="muted summary-source">
                {sourced ? `${SOURCE_WORDS[sourced.source]}, ${formatAge(sourced.receivedAt, now)}` : null}
              </span>
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
            <dt>Metadata</dt>
            <dd className="summary-metadata">
              {Object.entries(readMetadata(execution))
                .map(([key, value]) => `${key}=${value}`)
                .join(', ') || 'none'}
            </dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{durationText(sourced, now, latestAttemptStart)}</dd>
          </div>
          <ExecutionLinks execution={execution} />
          <LastReschedule id={id} now={now} />
        </>
      ) : (
        <>
          {latestAttemptState === undefined ? null : (
            <div>
              <dt>Latest attempt</dt>
              <dd>
                <StateBadge state={latestAttemptState} />{' '}
                <span className="muted summary-source">
                  from the attempts; the execution’s own state is not known
                </span>
              </dd>
            </div>
          )}
          {gone || listComing ? null : <FindExecution id={id} filters={filters} />}
        </>
      )}
    </dl>
  )
}

/**
 * How long it ran, ran so far, or that it waits: a waiting execution (a re-run just requested, or one not started)
 * has no duration, and one counted from an old attempt would be false.
 */
function durationText(
  sourced: ExecutionReport | undefined,
  now: number,
  latestAttemptStart: string | undefined,
): string {
  if (!sourced) return 'unknown'
  const { execution } = sourced
  if (stateMeaning(execution.state) === 'created') {
    if (sourced.source === 'reschedule answer')
      return `re-run requested ${formatAge(sourced.receivedAt, now)}, waiting to start`
    const since = timestampInstant(execution.updated_at)
    return since === null ? 'waiting to start' : `waiting to start, since ${formatAge(since, now)}`
  }
  return runningText(execution, now, latestAttemptStart)
}

function runningText(execution: Execution, now: number, latestAttemptStart: string | undefined): string {
  const attemptStart = latestAttemptStart === undefined ? null : timestampInstant(latestAttemptStart)
  const created = attemptStart ?? timestampInstant(execution.created_at)
  const updated = timestampInstant(execution.updated_at)
  if (created === null || updated === null) return 'unknown (a timestamp has no time zone)'
  const since = attemptStart === null ? '' : ' (latest attempt)'
  const final = isFinalState(execution.state)
  if (final === true) return `${formatDuration(Math.max(0, updated - created))}${since}`
  if (final === null) return `unknown: the state “${execution.state}” is not known to be final or running`
  return `${formatDuration(Math.max(0, now - created))} so far${since}`
}
