import type { WindowedFilters } from './useDryRun'
import { useEffect } from 'react'
import type { IdSetAnswer } from '../../api'
import { clock, formatCount } from '../../lib/coverageWords'
import type { PlannedExecution } from './runFigures'
import { MAX_RUN_SIZE, useDryRun } from './useDryRun'

/** "Counted 240 from the dashboard’s index, exact as of 14:02:11" or "Counted 240 by paging the API (…)". */
export function countedWords(answer: IdSetAnswer): string {
  const how =
    answer.source === 'index'
      ? `from the dashboard’s index, exact as of ${clock(answer.asOf)}`
      : 'by paging the API on the dashboard’s server'
  const count = answer.complete ? formatCount(answer.count) : `at least ${formatCount(answer.count)}`
  return `Counted ${count} ${how}${answer.note ? ` (${answer.note})` : ''}`
}

/** Why the set handed over is not every execution that matches, in words; null when it is. */
export function shortOf(answer: IdSetAnswer): string | null {
  const handed = answer.executions.length
  if (handed < answer.count)
    return `a run takes at most ${formatCount(MAX_RUN_SIZE)}: these are the ${
      answer.source === 'index'
        ? `${formatCount(handed)} newest created`
        : `first ${formatCount(handed)} the API listed`
    }`
  return answer.complete ? null : 'the count stopped before the end of the list. More may match'
}

interface DryRunStepProps {
  filters: WindowedFilters
  /** The executions counted, and how they were counted in words. */
  onCounted: (executions: readonly PlannedExecution[], counted: string) => void
  onCancel: () => void
}

/** Counts what matches on the server (no PATCH is sent), with progress and Stop. */
export function DryRunStep({ filters, onCounted, onCancel }: DryRunStepProps) {
  const { state, scan, stop } = useDryRun(filters)
  useEffect(() => {
    void scan()
  }, [scan])
  useEffect(() => {
    if (state.kind === 'counted' && shortOf(state.answer) === null)
      onCounted(state.answer.executions, countedWords(state.answer))
  }, [state, onCounted])
  const short = state.kind === 'counted' ? shortOf(state.answer) : null

  return (
    <div className="bulk-dry-run">
      <p role="status">
        {state.kind === 'counting' && state.waitingForIndex
          ? 'Waiting for the dashboard’s index to hold every execution of this time window. Nothing is rescheduled yet.'
          : state.kind === 'counting'
            ? 'Counting every execution that matches, on the dashboard’s server. Nothing is rescheduled yet.'
            : state.kind === 'counted' && short
              ? `${countedWords(state.answer)}; ${short}.`
              : state.kind === 'stopped'
                ? 'You stopped the count. Nothing was rescheduled.'
                : state.kind === 'failed'
                  ? `Counting failed: ${state.message}`
                  : 'Counting…'}
      </p>
      <div className="dialog-actions">
        {state.kind === 'counting' ? (
          <button type="button" className="button" onClick={stop}>
            Stop counting
          </button>
        ) : null}
        {state.kind === 'counted' && short && state.answer.executions.length > 0 ? (
          <button
            type="button"
            className="button"
            onClick={() => onCounted(state.answer.executions, `${countedWords(state.answer)}; ${short}`)}
          >
            Go on with these {formatCount(state.answer.executions.length)}
          </button>
        ) : null}
        {state.kind === 'failed' || state.kind === 'stopped' ? (
          <button type="button" className="button" onClick={() => void scan()}>
            {state.kind === 'failed' ? 'Retry' : 'Count again'}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
