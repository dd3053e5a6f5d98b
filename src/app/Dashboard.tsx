import { Suspense, useCallback, useEffect, useMemo } from 'react'
import type { Execution } from '../api'
import { CollapsedOnPhone } from '../components/CollapsedOnPhone'
import { Drawer } from '../components/Drawer'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { isModalOpen, isTyping } from '../lib/keyTargets'
import { useMediaQuery } from '../lib/useMediaQuery'
import { LazyAttemptsPanel, withoutAttemptsView } from '../features/attempts'
import { BulkBar, useRowSelection } from '../features/bulk-reschedule'
import { EXECUTIONS_TABLE_ID, ExecutionsPage, parseExecutionSearch } from '../features/executions'
import { ExportButton } from '../features/export'
import { RescheduleButton, RescheduleProvider } from '../features/reschedule'
import { ViewsBar } from '../features/views'
import { useUrlSearch } from '../lib/useUrlSearch'
import type { ListFilters } from '../api'

export const PAGE_TITLE_ID = 'page-title'
/** Below this width the attempts panel opens as a drawer over the list, not beside it. */
const DRAWER_QUERY = '(max-width: 1100px)'

const renderReschedule = (execution: Execution) => <RescheduleButton execution={execution} />
const focusTitle = () => document.getElementById(PAGE_TITLE_ID)?.focus()
/** A row that a reschedule took out of the list: the list (its tab-stop row), else the page title. */
const RESCHEDULE_FOCUS_FALLBACK = [EXECUTIONS_TABLE_ID, PAGE_TITLE_ID]

/** Back to the execution's row; if a filter has since dropped it, to the page title instead of nowhere. */
function focusRow(id: string) {
  const row = document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"]`)
  ;(row ?? document.getElementById(PAGE_TITLE_ID))?.focus()
}

/** Composes the features: the executions view, its drill-down panel (`?execution=`) and row actions. */
export function Dashboard() {
  const [search, navigate] = useUrlSearch()
  const executionId = new URLSearchParams(search).get('execution') || null
  const selection = useRowSelection()
  // Keyed by the filters alone, so opening an execution or paging does not restart a search or a count.
  const { states, metadata } = parseExecutionSearch(search)
  const filterKey = JSON.stringify({ states, metadata })
  const filters = useMemo(() => JSON.parse(filterKey) as ListFilters, [filterKey])

  const openExecution = useCallback(
    (id: string) => {
      // Another execution starts on its attempts' first page, unfiltered.
      const params = withoutAttemptsView(window.location.search)
      params.set('execution', id)
      navigate(params)
    },
    [navigate],
  )

  const closeExecution = useCallback(() => {
    const params = withoutAttemptsView(window.location.search)
    const closing = params.get('execution')
    params.delete('execution')
    navigate(params)
    if (closing) requestAnimationFrame(() => focusRow(closing))
  }, [navigate])

  const inDrawer = useMediaQuery(DRAWER_QUERY)
  // Esc closes the attempts panel from the list too (the panel, dialogs and fields handle their own Esc).
  useEffect(() => {
    if (!executionId) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isTyping(event.target) || isModalOpen()) return
      closeExecution()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [executionId, closeExecution])
  const attemptsPanel = executionId ? (
    <ErrorBoundary key={executionId} section="The attempts panel">
      <Suspense fallback={<p className="panel muted">Loading the attempts panel…</p>}>
        <LazyAttemptsPanel
          key={executionId}
          executionId={executionId}
          onClose={closeExecution}
          renderActions={renderReschedule}
          filters={filters}
        />
      </Suspense>
    </ErrorBoundary>
  ) : null

  return (
    <RescheduleProvider onOpenExecution={openExecution} fallbackFocusIds={RESCHEDULE_FOCUS_FALLBACK}>
      <div className="dashboard-toolbar">
        <CollapsedOnPhone summary="Views, links and export">
          <ErrorBoundary section="Saved views">
            <ViewsBar search={search} onNavigate={navigate} />
          </ErrorBoundary>
          <ErrorBoundary section="Export">
            <ExportButton search={search} />
          </ErrorBoundary>
        </CollapsedOnPhone>
        <ErrorBoundary section="Bulk actions">
          <BulkBar filters={filters} />
        </ErrorBoundary>
      </div>
      <div className={`dashboard${executionId && !inDrawer ? ' has-panel' : ''}`}>
        <ErrorBoundary section="The executions view">
          <ExecutionsPage
            onOpenExecution={openExecution}
            selectedId={executionId}
            renderRowActions={renderReschedule}
            onFocusLost={focusTitle}
            selection={selection}
          />
        </ErrorBoundary>
        {executionId && !inDrawer ? attemptsPanel : null}
      </div>
      {executionId && inDrawer ? (
        <Drawer label={`Attempts of ${executionId}`} onClose={closeExecution}>
          {attemptsPanel}
        </Drawer>
      ) : null}
    </RescheduleProvider>
  )
}
