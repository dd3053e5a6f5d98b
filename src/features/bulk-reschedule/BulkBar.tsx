import type { WindowedFilters } from './useDryRun'
import '../../styles/views.css'
import { lazy, Suspense, useState } from 'react'
import type { BulkSource } from './BulkDialog'
import { useSelectedExecutions, useSelectionActions } from './selection'

// Only operators who start a bulk action load its dialog and run engine.
const BulkDialog = lazy(async () => ({ default: (await import('./BulkDialog')).BulkDialog }))

/** The checked rows' count and the bulk actions; the dialog lives here, not in a row, so refresh can't take it. */
export function BulkBar({ filters }: { filters: WindowedFilters }) {
  const selected = useSelectedExecutions()
  const { clear } = useSelectionActions()
  const [source, setSource] = useState<BulkSource | null>(null)
  const count = selected.size
  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      {count > 0 ? (
        <>
          <span>{count.toLocaleString()} selected</span>
          <button type="button" className="button button-small" onClick={clear}>
            Clear selection
          </button>
          <button
            type="button"
            className="button button-small button-primary"
            aria-haspopup="dialog"
            onClick={() => setSource({ kind: 'selection', executions: [...selected.values()] })}
          >
            Reschedule {count.toLocaleString()} {count === 1 ? 'execution' : 'executions'}…
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        onClick={() => setSource({ kind: 'matching', filters })}
      >
        Reschedule all matching…
      </button>
      {source ? (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <BulkDialog source={source} onClose={() => setSource(null)} />
        </Suspense>
      ) : null}
    </section>
  )
}
