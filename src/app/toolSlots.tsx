import { CollapsedOnPhone } from '../components/CollapsedOnPhone'
import { ErrorBoundary } from '../components/ErrorBoundary'
import type { HistoryMode } from '../lib/useUrlSearch'
import { useDashboardTools } from './lazyTools'

/*
 * Where the tools' chunk's parts go (decision 37). Each place reads the chunk's one hook itself, inside the error
 * boundary of its section, so a chunk that fails to load is said where its parts would be and the list stays.
 */

interface ViewProps {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
}
interface OpenProps extends ViewProps {
  onOpenExecution: (id: string) => void
}

/** The header's session line and theme; the session line's place is kept until they are there. */
export function HeaderToolsSlot() {
  return (
    <ErrorBoundary section="The session line">
      <HeaderTools />
    </ErrorBoundary>
  )
}

function HeaderTools() {
  const tools = useDashboardTools()
  return tools ? <tools.HeaderTools /> : <div className="session-status" />
}

/** The palette, watches, views and links, export and bulk actions above the list. */
export function ToolbarSlot(props: OpenProps & { executionId: string | null }) {
  return (
    <ErrorBoundary section="The toolbar">
      <Toolbar {...props} />
    </ErrorBoundary>
  )
}

function Toolbar({
  search,
  onNavigate,
  onOpenExecution,
  executionId,
}: OpenProps & { executionId: string | null }) {
  const tools = useDashboardTools()
  const view = { search, onNavigate }
  return (
    <>
      {tools ? (
        <>
          <tools.PaletteTools {...view} onOpenExecution={onOpenExecution} />
          <tools.WatchTools search={search} executionId={executionId} onOpenExecution={onOpenExecution} />
        </>
      ) : null}
      <CollapsedOnPhone summary="Views, links and export">
        {tools ? <tools.LinkTools {...view} /> : null}
      </CollapsedOnPhone>
      {tools ? <tools.BulkTools {...view} /> : null}
    </>
  )
}

/** The audit trail in the list's place (`audit=1`): its page is the first screen there, so its tools load at once. */
export function AuditSlot(props: ViewProps) {
  return (
    <ErrorBoundary section="The audit trail">
      <Audit {...props} />
    </ErrorBoundary>
  )
}

function Audit(props: ViewProps) {
  const tools = useDashboardTools(true)
  return tools ? (
    <tools.AuditTools {...props} />
  ) : (
    <section className="audit-view" aria-label="Audit trail" aria-busy="true">
      <p className="muted">Loading the audit trail…</p>
    </section>
  )
}

export function DigestSlot(props: OpenProps) {
  return (
    <ErrorBoundary section="Since you last looked">
      <Digest {...props} />
    </ErrorBoundary>
  )
}

function Digest(props: OpenProps) {
  const tools = useDashboardTools()
  return tools ? <tools.DigestTools {...props} /> : null
}

/** The overview; its place is held while the chunk loads, so the list does not jump. */
export function OverviewSlot() {
  const tools = useDashboardTools()
  return tools ? (
    <tools.Overview />
  ) : (
    <section className="overview overview-loading" aria-label="Overview" aria-busy="true" />
  )
}

export function TriageSlot(props: OpenProps) {
  return (
    <ErrorBoundary section="Failure groups">
      <Triage {...props} />
    </ErrorBoundary>
  )
}

function Triage(props: OpenProps) {
  const tools = useDashboardTools()
  return tools ? <tools.TriageTools {...props} /> : null
}

/** A bulk run's counts above a list that shows only that run's executions. */
export const renderRunSummary = (run: string) => (
  <ErrorBoundary section="The bulk run’s counts">
    <RunSummary run={run} />
  </ErrorBoundary>
)

function RunSummary({ run }: { run: string }) {
  const tools = useDashboardTools()
  return tools ? <tools.RunSummaryTools run={run} /> : null
}
