import type { WindowedFilters } from './useDryRun'
import { useEffect } from 'react'
import type { Execution } from '../../api'
import { describeUnchecked, type WalkReport } from '../../shared/listWalker'
import { DRY_RUN_PAGE_SIZE, useDryRun } from './useDryRun'

/** "Counted 240 on 3 pages (2 seen twice, 1 left out: it did not match the filters)". */
export function countedWords(count: number, report: WalkReport): string {
  const notes = [
    report.duplicates > 0 ? `${report.duplicates.toLocaleString()} seen twice` : null,
    report.excluded > 0
      ? `${report.excluded.toLocaleString()} left out: they did not match the filters`
      : null,
    describeUnchecked(report),
  ].filter((note) => note !== null)
  const pages = `${report.pages.toLocaleString()} ${report.pages === 1 ? 'page' : 'pages'}`
  return `Counted ${count.toLocaleString()} on ${pages}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`
}

interface DryRunStepProps {
  filters: WindowedFilters
  /** The executions counted, and how they were counted in words. */
  onCounted: (executions: Execution[], counted: string) => void
  onCancel: () => void
}

/** Counts what matches by paging the list (no PATCH is sent), with progress and Stop. */
export function DryRunStep({ filters, onCounted, onCancel }: DryRunStepProps) {
  const { state, scan, stop } = useDryRun(filters)
  useEffect(() => {
    void scan()
  }, [scan])
  useEffect(() => {
    if (state.kind === 'scanned' && state.cutShort === null)
      onCounted(state.executions, countedWords(state.executions.length, state.report))
  }, [state, onCounted])

  return (
    <div className="bulk-dry-run">
      <p role="status">
        {state.kind === 'scanning' && state.indexCounting !== undefined
          ? `Waiting for the dashboard’s index to count these filters (${state.indexCounting.toLocaleString()} so far). Nothing is rescheduled yet.`
          : state.kind === 'scanning'
            ? `Counting: page ${state.pages + 1} (${DRY_RUN_PAGE_SIZE} a page), ${state.found.toLocaleString()} found so far. Nothing is rescheduled yet.`
            : state.kind === 'scanned' && state.cutShort
              ? `${countedWords(state.executions.length, state.report)}, then stopped: ${state.cutShort}. More may match.`
              : state.kind === 'failed'
                ? `Counting failed after ${state.pages} pages: ${state.message}`
                : 'Counting…'}
      </p>
      <div className="dialog-actions">
        {state.kind === 'scanning' ? (
          <button type="button" className="button" onClick={stop}>
            Stop counting
          </button>
        ) : null}
        {state.kind === 'scanned' && state.cutShort ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              onCounted(
                state.executions,
                `${countedWords(state.executions.length, state.report)}, then stopped: ${state.cutShort ?? ''}`,
              )
            }
          >
            Go on with these {state.executions.length.toLocaleString()}
          </button>
        ) : null}
        {state.kind === 'failed' ? (
          <button type="button" className="button" onClick={() => void scan()}>
            Retry
          </button>
        ) : null}
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
