import { usePrefetchQuery } from '@tanstack/react-query'
import { linksQuery } from '../api/links'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { ThemeSetting } from '../components/ThemeSetting'
import { BulkBar, RunSummary } from '../features/bulk-reschedule'
import { SinceLastLooked } from '../features/digest'
import { AuditButton, LazyAuditView } from '../features/audit'
import { isAuditOpen, withAuditView, NO_AUDIT_FILTERS } from '../lib/auditUrl'
import { ExportButton } from '../features/export'
import { SessionStatus } from '../features/session'
import { ViewsBar } from '../features/views'
import { linkFilterProblems } from '../lib/linkProblems'
import { useListFilters } from '../lib/listFilters'
import { readShownRun, withShownRun } from '../lib/shownRun'
import type { HistoryMode } from '../lib/useUrlSearch'
import { focusPageTitle } from './pageTitle'

export { WatchTools } from '../features/watch'
export { PaletteTools } from './PaletteTools'
export { TriageTools } from './TriageTools'
export { Overview } from '../features/overview'

/*
 * The tools that the first table does without: the header's session and theme, saved views and links,
 * export, bulk actions, the overview, the digest and the board. One chunk, loaded once the first screen is shown
 * (see lazyTools.tsx); each loads its dialog on first use.
 */

export function HeaderTools() {
  return (
    <>
      <SessionStatus />
      <ThemeSetting />
    </>
  )
}

export function LinkTools({
  search,
  onNavigate,
}: {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
}) {
  // The rows' log link templates, asked for with the first list call (this part mounts once there is a session).
  usePrefetchQuery(linksQuery())
  return (
    <>
      <ErrorBoundary section="Saved views">
        <ViewsBar search={search} onNavigate={onNavigate} />
      </ErrorBoundary>
      <ErrorBoundary section="Export">
        <ExportButton search={search} />
      </ErrorBoundary>
      <ErrorBoundary section="Audit">
        <AuditButton
          open={isAuditOpen(search)}
          onToggle={() =>
            isAuditOpen(window.location.search)
              ? closeAudit(onNavigate)
              : onNavigate(withAuditView(window.location.search, NO_AUDIT_FILTERS), 'push')
          }
        />
      </ErrorBoundary>
    </>
  )
}

/** Back from the trail to the list as it was; focus to the page's title (the list is a Tab away), or the board. */
function closeAudit(onNavigate: (params: URLSearchParams, mode: HistoryMode) => void) {
  onNavigate(withAuditView(window.location.search, null), 'push')
  // The board, when it is open, takes focus itself; else focus must not fall to the page's body.
  requestAnimationFrame(() => {
    if (document.activeElement === document.body) focusPageTitle()
  })
}

/** The audit trail as a view of its own (`audit=1`), in the list's place while it is open. */
export function AuditTools({
  search,
  onNavigate,
}: {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
}) {
  return (
    <ErrorBoundary section="The audit trail">
      <LazyAuditView search={search} onNavigate={onNavigate} onClose={() => closeAudit(onNavigate)} />
    </ErrorBoundary>
  )
}

export function BulkTools({
  search,
  onNavigate,
}: {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
}) {
  const filters = useListFilters(search)
  // A history entry of its own: Back returns to the filters the run was sent from.
  const onShowRun = (run: string) => onNavigate(withShownRun(window.location.search, run), 'push')
  return (
    <ErrorBoundary section="Bulk actions">
      <BulkBar
        filters={filters}
        linkProblems={linkFilterProblems(search)}
        shownRun={readShownRun(search)}
        onShowRun={onShowRun}
      />
    </ErrorBoundary>
  )
}

/** A bulk run's live counts, report and file, above the list when it shows only that run's executions. */
export function RunSummaryTools({ run }: { run: string }) {
  return (
    <ErrorBoundary section="The bulk run’s counts">
      <RunSummary run={run} />
    </ErrorBoundary>
  )
}

/** "Since you last looked": what changed in the view while the user was away (the server's index and trail). */
export function DigestTools({
  search,
  onNavigate,
  onOpenExecution,
}: {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
  onOpenExecution: (id: string) => void
}) {
  const filters = useListFilters(search)
  return (
    <ErrorBoundary section="Since you last looked">
      <SinceLastLooked filters={filters} onNavigate={onNavigate} onOpenExecution={onOpenExecution} />
    </ErrorBoundary>
  )
}
