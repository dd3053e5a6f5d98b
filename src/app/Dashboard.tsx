import { lazy, Suspense, useCallback } from 'react'
import type { Execution } from '../api'
import { CollapsedOnPhone } from '../components/CollapsedOnPhone'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { LazyAttemptsPanel, RowLinks, RowLinksProvider } from '../features/attempts'
import { useRowSelection } from '../features/bulk-reschedule'
import { EXECUTIONS_TABLE_ID, ExecutionsPage } from '../features/executions'
import { RescheduleButton, RescheduleProvider, useOpenReschedule } from '../features/reschedule'
import { WatchRowsProvider, WatchToggle } from '../features/watch'
import { focusRow } from '../lib/rowLookup'
import { useMediaQuery } from '../lib/useMediaQuery'
import { AuditSlot, DigestSlot, OverviewSlot, renderRunSummary, ToolbarSlot, TriageSlot } from './toolSlots'
import { navigateToSearch, useUrlSearch } from '../lib/useUrlSearch'
import { paramsOf, readOpenExecution, withOpenExecution } from '../lib/viewUrl'
import { isAuditOpen } from '../lib/auditOpen'
import { TRIAGE_PARAM } from '../../shared/triageParams'
import { focusPageTitle, PAGE_TITLE_ID } from './pageTitle'

// Only narrow screens with an execution open need the drawer (a modal dialog).
const Drawer = lazy(async () => ({ default: (await import('../components/Drawer')).Drawer }))

export { PAGE_TITLE_ID }
/** Below this width the attempts panel opens as a drawer over the list, not beside it. */
const DRAWER_QUERY = '(max-width: 1100px)'

// A row's actions read what they show from the providers' one read for the whole list (Dashboard): they
// subscribe to nothing, and are drawn with the row, with no chunk to wait for.
const renderPanelActions = (execution: Execution) => (
  <>
    <RescheduleButton execution={execution} />
    <WatchToggle executionId={execution.id} />
  </>
)
const renderRowActions = (execution: Execution) => (
  <>
    <RowLinks execution={execution} />
    {renderPanelActions(execution)}
  </>
)
const focusTitle = focusPageTitle

/** Back to the execution's row; if a filter has since dropped it, to the list, else to the page title. */
function restoreFocus(id: string) {
  if (focusRow(id)) return
  const list = document.getElementById(EXECUTIONS_TABLE_ID)
  if (list) list.focus()
  else focusTitle()
}

/**
 * Composes the features: the executions view, its drill-down panel (`?execution=`), and the actions other
 * features lend it, all as explicit callbacks (no feature reaches into another's DOM).
 */
export function Dashboard() {
  // Reads the URL when called, so the providers around the page do not render again at each page or filter.
  const openExecution = useCallback(
    (id: string) => navigateToSearch(withOpenExecution(window.location.search, id)),
    [],
  )
  return (
    <RescheduleProvider onOpenExecution={openExecution} onRestoreFocus={restoreFocus}>
      <WatchRowsProvider>
        <RowLinksProvider>
          <DashboardLayout openExecution={openExecution} />
        </RowLinksProvider>
      </WatchRowsProvider>
    </RescheduleProvider>
  )
}

function DashboardLayout({ openExecution }: { openExecution: (id: string) => void }) {
  const [search, navigate] = useUrlSearch()
  const executionId = readOpenExecution(search)
  const selection = useRowSelection()
  const openReschedule = useOpenReschedule()
  const rescheduleFromPalette = useCallback(
    (execution: Execution) => openReschedule(execution, null),
    [openReschedule],
  )

  const closeExecution = useCallback(() => {
    const closing = readOpenExecution(window.location.search)
    navigate(withOpenExecution(window.location.search, null))
    if (closing) requestAnimationFrame(() => restoreFocus(closing))
  }, [navigate])

  const inDrawer = useMediaQuery(DRAWER_QUERY)
  const attemptsPanel = executionId ? (
    <ErrorBoundary key={executionId} section="The attempts panel">
      <Suspense fallback={<p className="panel muted">Loading the attempts panel…</p>}>
        <LazyAttemptsPanel
          key={executionId}
          executionId={executionId}
          onClose={closeExecution}
          renderActions={renderPanelActions}
          onReschedule={rescheduleFromPalette}
        />
      </Suspense>
    </ErrorBoundary>
  ) : null

  const boardOpen = paramsOf(search).get(TRIAGE_PARAM) === '1'
  const layout = `dashboard${executionId && !inDrawer ? ' has-panel' : ''}${boardOpen ? ' has-board' : ''}`
  return (
    <>
      <div className="dashboard-toolbar">
        <ToolbarSlot
          search={search}
          onNavigate={navigate}
          onOpenExecution={openExecution}
          executionId={executionId}
        />
      </div>
      {isAuditOpen(search) ? (
        <AuditSlot search={search} onNavigate={navigate} />
      ) : (
        <>
          <DigestSlot search={search} onNavigate={navigate} onOpenExecution={openExecution} />
          <ErrorBoundary section="The overview">
            {/* On a phone the counts fold behind a summary line, so the first card stays on the first screen. */}
            <CollapsedOnPhone summary="Overview: counts and time window">
              <OverviewSlot />
            </CollapsedOnPhone>
          </ErrorBoundary>
          {/* The board beside the list on a wide screen, above it on a narrow one (its CSS places it). */}
          <div className={layout}>
            <TriageSlot search={search} onNavigate={navigate} onOpenExecution={openExecution} />
            <ErrorBoundary section="The executions view">
              <ExecutionsPage
                onOpenExecution={openExecution}
                selectedId={executionId}
                renderRowActions={renderRowActions}
                onReschedule={openReschedule}
                onFocusLost={focusTitle}
                selection={selection}
                renderRunSummary={renderRunSummary}
              />
            </ErrorBoundary>
            {executionId && !inDrawer ? attemptsPanel : null}
          </div>
        </>
      )}
      {executionId && inDrawer ? (
        <Suspense fallback={null}>
          <Drawer label={`Attempts of ${executionId}`} onClose={closeExecution}>
            {attemptsPanel}
          </Drawer>
        </Suspense>
      ) : null}
    </>
  )
}
