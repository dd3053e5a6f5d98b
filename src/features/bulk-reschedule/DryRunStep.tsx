import { useEffect } from 'react'
import type { Execution } from '../../api'
import type { ListFilters } from '../../api'
import { DRY_RUN_PAGE_SIZE, useDryRun } from './useDryRun'

interface DryRunStepProps {
  filters: ListFilters
  onCounted: (executions: Execution[]) => void
  onCancel: () => void
}

/** Counts what matches by paging the list (no PATCH is sent), with progress and Stop. */
export function DryRunStep({ filters, onCounted, onCancel }: DryRunStepProps) {
  const { state, scan, stop } = useDryRun(filters)
  useEffect(() => {
    void scan()
  }, [scan])
  useEffect(() => {
    if (state.kind === 'scanned' && state.cutShort === null) onCounted(state.executions)
  }, [state, onCounted])

  return (
    <div className="bulk-dry-run">
      <p role="status">
        {state.kind === 'scanning'
          ? `Counting: page ${state.pages + 1} (${DRY_RUN_PAGE_SIZE} a page), ${state.found.toLocaleString()} found so far. Nothing is rescheduled yet.`
          : state.kind === 'scanned' && state.cutShort
            ? `Counted ${state.executions.length.toLocaleString()} on ${state.pages} pages, then stopped: ${state.cutShort}. More may match.`
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
          <button type="button" className="button" onClick={() => onCounted(state.executions)}>
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
