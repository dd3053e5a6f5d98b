import '../../styles/dialogs.css'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { auditExportHref, auditQuery, type AuditFilters } from '../../api/audit'
import { ApiErrorPanel } from '../../components/ErrorViews'
import {
  AUDIT_SPAN_MS,
  hasAuditFilters,
  readAuditView,
  withAuditView,
  type AuditView as AuditViewState,
} from '../../lib/auditUrl'
import { isModalOpen } from '../../lib/keyTargets'
import type { HistoryMode } from '../../lib/useUrlSearch'
import { AuditFilterForm } from './AuditFilterForm'
import { AuditTable } from './AuditTable'

export interface AuditViewProps {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
  onClose: () => void
}

const filtersOf = (view: AuditViewState): AuditFilters => ({
  user: view.user,
  execution: view.execution,
  outcome: view.outcome,
  bulk: view.run,
  kind: view.action,
  from: view.from,
  to: view.to,
  sinceMs: view.span === null ? null : AUDIT_SPAN_MS[view.span],
})

/**
 * The audit trail as a view of its own (`audit=1` and its filters in the URL, so it can be linked and reloaded):
 * who rescheduled and acknowledged what, newest first; each run's link opens what the run acted on.
 */
export function AuditView({ search, onNavigate, onClose }: AuditViewProps) {
  const titleId = useId()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const view = readAuditView(search)
  const filters = filtersOf(view)
  const query = useInfiniteQuery(auditQuery(filters))
  const records = query.data?.pages.flatMap((page) => page.data) ?? []
  // Focus goes to what was opened: the view's title, from which the filters are the next Tab.
  useEffect(() => titleRef.current?.focus(), [])
  // Esc goes back to the list, from anywhere in the view but a dialog.
  const sectionRef = useRef<HTMLElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isModalOpen()) return
      const inside = sectionRef.current?.contains(document.activeElement) ?? false
      if (!inside && document.activeElement !== document.body) return
      event.preventDefault()
      close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  const filter = (next: AuditViewState) => onNavigate(withAuditView(search, next), 'replace')

  return (
    <section ref={sectionRef} className="audit-view" aria-labelledby={titleId}>
      <div className="audit-head">
        <h2 id={titleId} ref={titleRef} tabIndex={-1}>
          Audit trail
        </h2>
        <p className="muted">
          Every reschedule and acknowledgement sent through this dashboard, newest first.
        </p>
        <button type="button" className="button button-small" onClick={onClose}>
          Close audit trail
        </button>
      </div>
      <AuditFilterForm view={view} onApply={filter} />
      {query.error ? (
        <ApiErrorPanel
          title="The audit trail could not be read"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <p role="status">Loading the audit trail…</p>
      ) : records.length === 0 ? (
        <p role="status">Nothing recorded{hasAuditFilters(view) ? ' matches these filters' : ' yet'}.</p>
      ) : (
        <AuditTable
          records={records}
          onFilterExecution={(execution) => filter({ ...view, execution })}
          onOpenRun={(params) => onNavigate(params, 'push')}
        />
      )}
      <div className="dialog-actions">
        {/* Every record of these filters, not only those shown: the server pages the store for the file. */}
        <a className="button" href={auditExportHref(filters, 'csv')} download>
          Export CSV
        </a>
        <a className="button" href={auditExportHref(filters, 'ndjson')} download>
          Export NDJSON
        </a>
        {query.hasNextPage ? (
          <button
            type="button"
            className="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        ) : null}
      </div>
    </section>
  )
}
