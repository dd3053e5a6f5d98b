import { useCallback, type ReactNode } from 'react'
import { ApiErrorPanel } from '../../components/ErrorViews'
import type { LiveStatus } from '../../components/liveStatus'
import type { ListSort } from '../../../shared/listSort'
import type { OverviewAnswer } from '../../../shared/overview'
import { KNOWN_EXECUTION_STATES, stateMeaning, type KnownExecutionState } from '../../../shared/states'
import type { TimeWindow } from '../../../shared/timeWindow'
import { Histogram } from './Histogram'
import { ListOrderControl, SORT_LABELS } from './ListOrderControl'
import { countPrefix, coverageLine, formatCount, noteLines, totalText, windowText } from './overviewWords'
import { TimeWindowControl } from './TimeWindowControl'

const STATE_LABELS: Record<KnownExecutionState, string> = {
  created: 'Created',
  started: 'Started',
  succeed: 'Succeeded',
  failed: 'Failed',
}

const LIVE_WORDS: Record<LiveStatus, string> = {
  live: 'Live: the server streams changes to this tab.',
  connecting: 'Connecting to the live stream; refreshing by polling meanwhile.',
  polling: 'The live stream is unavailable; refreshing by polling.',
  off: 'Live refresh is off or held.',
}

export interface OverviewStripProps {
  answer: OverviewAnswer | undefined
  error: Error | null
  isPending: boolean
  onRetry: () => void
  window: TimeWindow
  onWindowChange: (window: TimeWindow) => void
  /** The list's order from the index (null: the API's), offered here beside the window. */
  sort?: ListSort | null
  onSortChange?: (sort: ListSort | null) => void
  /** The states the list is filtered to (by meaning or spelling). */
  activeStates: readonly string[]
  onPickState: (state: string) => void
  /** Shows what was created before `start` and is still running (a window cannot show it). */
  onShowRunningBefore: (start: number) => void
  live: LiveStatus
  /** The Times setting is UTC: windows are typed and said in UTC. */
  utc?: boolean
  /** More of the overview's head (the failure groups button). */
  tools?: ReactNode
}

/** The region above the list: counts per state over the whole filtered set, their coverage, and the histogram. */
export function OverviewStrip(props: OverviewStripProps) {
  const { answer, window, onSortChange } = props
  const sort = props.sort ?? null
  const order =
    sort === null
      ? 'newest first'
      : sort === 'state'
        ? 'failed first, then running, waiting and succeeded'
        : SORT_LABELS[sort].toLowerCase()
  return (
    <section className="overview" aria-labelledby="overview-title">
      <div className="overview-head">
        <h2 id="overview-title">Overview</h2>
        <TimeWindowControl window={window} onChange={props.onWindowChange} utc={props.utc} />
        {onSortChange ? (
          <ListOrderControl
            sort={sort}
            onChange={onSortChange}
            coverage={answer?.coverage}
            error={props.error}
          />
        ) : null}
        {props.tools}
        <p className="overview-live muted">{LIVE_WORDS[props.live]}</p>
      </div>
      {window.kind !== 'any' ? (
        <p className="muted">
          Counts, bars and the list below cover {windowText(window, props.utc).replace(/^L/, 'l')}. The API
          has no time filter: the list comes from the dashboard&rsquo;s index, {order}.
        </p>
      ) : sort !== null ? (
        <p className="muted">
          The list below comes from the dashboard&rsquo;s index, {order}: the API promises no order.
        </p>
      ) : null}
      <OverviewBody {...props} answer={answer} />
    </section>
  )
}

function OverviewBody({
  answer,
  error,
  isPending,
  onRetry,
  activeStates,
  onPickState,
  onWindowChange,
  onShowRunningBefore,
  window,
  utc,
}: OverviewStripProps) {
  // One function while the window's field stays: the histogram then re-renders only when its buckets change (a
  // refresh that changes nothing keeps them the same object).
  const field = window.field
  const narrow = useCallback(
    (from: number, to: number) => onWindowChange({ kind: 'absolute', from, to, field }),
    [onWindowChange, field],
  )
  if (!answer) {
    if (error) return <ApiErrorPanel title="Could not count executions" error={error} onRetry={onRetry} />
    return <p className="overview-coverage muted">{isPending ? 'Counting executions…' : 'No counts yet.'}</p>
  }
  const prefix = countPrefix(answer.coverage)
  const active = new Set(activeStates.map((state) => stateMeaning(state) ?? state))
  const button = (key: string, label: string, count: number, state: string) => (
    <li key={key}>
      <button
        type="button"
        className={`overview-count tone-${stateMeaning(state) ?? 'unknown'}`}
        aria-pressed={active.has(stateMeaning(state) ?? state)}
        onClick={() => onPickState(state)}
        title={`Show only ${label.toLowerCase()} in the list`}
      >
        <span>{label}</span> <strong>{prefix + formatCount(count)}</strong>
      </button>
    </li>
  )
  return (
    <>
      {error ? (
        <ApiErrorPanel
          title="Refreshing the counts failed; showing the last ones"
          error={error}
          withDetail={false}
          onRetry={onRetry}
        />
      ) : null}
      <ul className="overview-counts" aria-label="Executions per state">
        {KNOWN_EXECUTION_STATES.map((state) =>
          button(state, STATE_LABELS[state], answer.counts[state], state),
        )}
        {Object.entries(answer.other).map(([state, count]) => button(`other-${state}`, state, count, state))}
        {answer.pending > 0 ? (
          <li className="overview-pending">
            Outcome being checked <strong>{prefix + formatCount(answer.pending)}</strong>
          </li>
        ) : null}
        <li className="overview-total">
          Total{answer.window ? ' in the time window' : ' that match'} <strong>{totalText(answer)}</strong>
        </li>
      </ul>
      <p className="overview-coverage" role="status">
        {coverageLine(answer.coverage)}
      </p>
      {/* One note's line is always kept, so the first note does not move the list below. */}
      <div className="overview-notes">
        {answer.runningBefore > 0 && answer.window?.from != null ? (
          <p className="overview-note muted">
            {runningBeforeText(answer)} created before this window are still running.{' '}
            <button
              type="button"
              className="overview-link"
              onClick={() => onShowRunningBefore(answer.window?.from ?? 0)}
            >
              Show them
            </button>
          </p>
        ) : null}
        {noteLines(answer).map((line) => (
          <p key={line} className="overview-note muted">
            {line}
          </p>
        ))}
      </div>
      {answer.histogram && answer.histogram.buckets.length > 0 ? (
        <Histogram histogram={answer.histogram} onNarrow={narrow} utc={utc} />
      ) : null}
    </>
  )
}

/** How many from before the window still run: exact only when the index holds the whole filtered set. */
function runningBeforeText(answer: OverviewAnswer): string {
  const exact = answer.coverage.kind === 'exact'
  return `${exact ? '' : 'At least '}${formatCount(answer.runningBefore)}`
}
