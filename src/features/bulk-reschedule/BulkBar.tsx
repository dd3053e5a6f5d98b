import type { WindowedFilters } from './useDryRun'
import '../../styles/views.css'
import { useId, useState } from 'react'
import { BulkDialog, LastRunDialog } from './lazyDialogs'
import { lastBulkRunSlice } from '../../components/lastBulkRun'
import { RUN_SHOWN_REFUSAL, useListFailure } from '../../components/listHealth'
import { useCommands } from '../../components/useCommands'
import { clock, formatCount } from '../../lib/coverageWords'
import { describeLinkProblems } from '../../lib/linkProblems'
import { useSlice } from '../../lib/useClientStore'
import type { BulkSource } from './BulkDialog'
import { useSelectedExecutions, useSelectionActions } from './selection'
import { OpeningOnDemand } from '../../components/OpeningOnDemand'

// Only operators who start a bulk action load its dialog and run engine.

/** The checked rows' count and the bulk actions; the dialog lives here, not in a row, so refresh can't take it. */
export function BulkBar({
  filters,
  linkProblems = [],
  shownRun = null,
  onShowRun,
}: {
  filters: WindowedFilters
  /** What in the page's link could not be used: "all matching" would then act on more than it asks for. */
  linkProblems?: readonly string[]
  /** The bulk run the list is limited to: "all matching" would act on the filters, not on it. */
  shownRun?: string | null
  /** Limits the list to a run's executions (Last bulk run). */
  onShowRun: (run: string) => void
}) {
  const reasonId = useId()
  const selected = useSelectedExecutions()
  const { clear } = useSelectionActions()
  const [source, setSource] = useState<BulkSource | null>(null)
  const lastRun = useSlice(lastBulkRunSlice)
  const [showLastRun, setShowLastRun] = useState(false)
  const count = selected.size
  const failure = useListFailure()
  // "All matching" of a list that cannot be loaded would count and act on what nobody has seen.
  const refusal =
    shownRun !== null
      ? RUN_SHOWN_REFUSAL
      : linkProblems.length > 0
        ? describeLinkProblems(linkProblems)
        : (failure?.refusal ?? null)
  useCommands(() => [
    {
      id: 'bulk:matching',
      label: 'Reschedule all matching…',
      group: 'Action',
      keywords: 'bulk rerun retry',
      disabled: refusal,
      run: () => setSource({ kind: 'matching', filters }),
    },
    ...(count > 0
      ? [
          {
            id: 'bulk:selection',
            label: `Reschedule ${count.toLocaleString()} selected…`,
            group: 'Action',
            keywords: 'bulk rerun retry checked',
            run: () => setSource({ kind: 'selection', executions: [...selected.values()] }),
          },
          { id: 'bulk:clear', label: 'Clear selection', group: 'Action', keywords: 'uncheck', run: clear },
        ]
      : []),
    ...(lastRun
      ? [
          {
            id: 'bulk:last',
            label: 'Last bulk run',
            group: 'Action',
            keywords: 'results rerun report',
            run: () => setShowLastRun(true),
          },
          {
            id: 'bulk:last-list',
            label: 'Show the last bulk run in the list',
            group: 'Action',
            keywords: 'results rerun filter',
            run: () => onShowRun(lastRun.run),
          },
        ]
      : []),
  ])
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
        disabled={refusal !== null}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() => setSource({ kind: 'matching', filters })}
      >
        Reschedule all matching…
      </button>
      {refusal ? (
        <span id={reasonId} className="muted">
          {refusal}
        </span>
      ) : null}
      {lastRun ? (
        <button type="button" className="button button-small" onClick={() => onShowRun(lastRun.run)}>
          Last bulk run: {formatCount(lastRun.count)} at {clock(lastRun.at)}
        </button>
      ) : null}
      {source ? (
        <OpeningOnDemand>
          <BulkDialog source={source} onClose={() => setSource(null)} />
        </OpeningOnDemand>
      ) : null}
      {showLastRun && lastRun ? (
        <OpeningOnDemand>
          <LastRunDialog run={lastRun.run} onClose={() => setShowLastRun(false)} />
        </OpeningOnDemand>
      ) : null}
    </section>
  )
}
