import type { ReactNode } from 'react'
import { CollapsedOnPhone } from '../components/CollapsedOnPhone'
import { ErrorBoundary } from '../components/ErrorBoundary'
import type { HistoryMode } from '../lib/useUrlSearch'
import { useDashboardTools, type DashboardToolsModule } from './lazyTools'

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

interface PartProps {
  section: string
  /** The part, drawn from the chunk's module. */
  children: (tools: DashboardToolsModule) => ReactNode
  /** Until the chunk is there (nothing by default). */
  fallback?: ReactNode
  /** Load without waiting for the first screen. */
  now?: boolean
}

/** One place of the chunk's parts, in its section's boundary. */
function ToolPart(props: PartProps) {
  return (
    <ErrorBoundary section={props.section}>
      <PartOf {...props} />
    </ErrorBoundary>
  )
}

function PartOf({ children, fallback = null, now = false }: Omit<PartProps, 'section'>) {
  const tools = useDashboardTools(now)
  return tools ? children(tools) : fallback
}

/** The header's session line and theme; the session line's place is kept until they are there. */
export const HeaderToolsSlot = () => (
  <ToolPart section="The session line" fallback={<div className="session-status" />}>
    {(tools) => <tools.HeaderTools />}
  </ToolPart>
)

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

const auditPlaceholder = (
  <section className="audit-view" aria-label="Audit trail" aria-busy="true">
    <p className="muted">Loading the audit trail…</p>
  </section>
)

/** The audit trail in the list's place (`audit=1`): its page is the first screen there, so its tools load at once. */
export const AuditSlot = (props: ViewProps) => (
  <ToolPart section="The audit trail" fallback={auditPlaceholder} now>
    {(tools) => <tools.AuditTools {...props} />}
  </ToolPart>
)

export const DigestSlot = (props: OpenProps) => (
  <ToolPart section="Since you last looked">{(tools) => <tools.DigestTools {...props} />}</ToolPart>
)

const overviewPlaceholder = (
  <section className="overview overview-loading" aria-label="Overview" aria-busy="true" />
)

/** The overview (in the dashboard's own boundary); its place is held while the chunk loads, so the list does not jump. */
export const OverviewSlot = () => (
  <PartOf fallback={overviewPlaceholder}>{(tools) => <tools.Overview />}</PartOf>
)

export const TriageSlot = (props: OpenProps) => (
  <ToolPart section="Failure groups">{(tools) => <tools.TriageTools {...props} />}</ToolPart>
)

/** A bulk run's counts above a list that shows only that run's executions. */
export const renderRunSummary = (run: string) => (
  <ToolPart section="The bulk run’s counts">{(tools) => <tools.RunSummaryTools run={run} />}</ToolPart>
)
