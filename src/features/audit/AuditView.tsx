import '../../styles/dialogs.css'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState, type SyntheticEvent } from 'react'
import { auditExportHref, auditQuery, type AuditFilters, type AuditRecord } from '../../api/audit'
import { ApiErrorPanel } from '../../components/ErrorViews'
import { ModalDialog } from '../../components/ModalDialog'
import { formText } from '../../lib/formText'
import { isBulkRunId } from '../../../shared/runScope'
import { visibleText } from '../../../shared/visibleText'

const OUTCOMES: [string, string][] = [
  ['', 'Any outcome'],
  ['rescheduled', 'Rescheduled'],
  ['refused_by_api', 'Refused by the API'],
  ['unknown', 'Outcome unknown'],
  ['not_permitted', 'Not permitted'],
  ['acknowledged', 'Failure acknowledged'],
  ['unacknowledged', 'Acknowledgement undone'],
]
const OUTCOME_WORDS: Record<AuditRecord['outcome'], string> = {
  rescheduled: 'Rescheduled',
  refused_by_api: 'Refused by the API',
  unknown: 'Outcome unknown',
  pending: 'Outcome unknown (none recorded)',
  not_permitted: 'Not permitted',
  acknowledged: 'Failure acknowledged',
  unacknowledged: 'Acknowledgement undone',
}
const NO_FILTERS: AuditFilters = { user: '', execution: '', outcome: '', bulk: '', from: null, to: null }

/** A datetime-local value (this browser's zone) as an instant; null when empty or unreadable. */
function instantOf(text: string): number | null {
  const at = text === '' ? Number.NaN : new Date(text).getTime()
  return Number.isNaN(at) ? null : at
}
const time = (at: number) => new Date(at).toLocaleString('en-GB', { hour12: false })

/** The audit trail, newest first: filter by user, execution and outcome; more on demand. */
export function AuditDialog({
  onClose,
  onShowRun,
}: {
  onClose: () => void
  /** Limits the list to a bulk run's executions (a run's id in the table). */
  onShowRun?: ((run: string) => void) | undefined
}) {
  const titleId = useId()
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  const query = useInfiniteQuery(auditQuery(filters))
  const records = query.data?.pages.flatMap((page) => page.data) ?? []
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setFilters({
      user: formText(form, 'user'),
      execution: formText(form, 'execution'),
      outcome: formText(form, 'outcome'),
      bulk: formText(form, 'bulk'),
      from: instantOf(formText(form, 'from')),
      to: instantOf(formText(form, 'to')),
    })
  }
  return (
    <ModalDialog labelledBy={titleId} className="dialog audit-dialog" onEscape={onClose}>
      <h2 id={titleId} className="panel-title">
        Audit
      </h2>
      <p className="muted">Every reschedule this dashboard sent or refused, newest first.</p>
      <p id={`${titleId}-zone`} className="muted">
        From and To are in this browser&apos;s time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
      </p>
      <form className="audit-filters" onSubmit={apply} aria-label="Audit filters">
        <label>
          User <input name="user" defaultValue={filters.user} />
        </label>
        <label>
          Execution <input name="execution" defaultValue={filters.execution} />
        </label>
        <label>
          Bulk run <input name="bulk" defaultValue={filters.bulk} />
        </label>
        <label>
          From <input type="datetime-local" name="from" aria-describedby={`${titleId}-zone`} />
        </label>
        <label>
          To <input type="datetime-local" name="to" aria-describedby={`${titleId}-zone`} />
        </label>
        <label>
          Outcome
          <select name="outcome" defaultValue={filters.outcome}>
            {OUTCOMES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-small">
          Filter
        </button>
      </form>
      {query.error ? (
        <ApiErrorPanel
          title="The audit trail could not be read"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <p role="status">Loading the audit trail…</p>
      ) : records.length === 0 ? (
        <p role="status">Nothing recorded{filters === NO_FILTERS ? ' yet' : ' matches these filters'}.</p>
      ) : (
        <table className="audit-table">
          <caption className="visually-hidden">Reschedules and acknowledgements, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">User</th>
              <th scope="col">Execution</th>
              <th scope="col">Outcome</th>
              <th scope="col">Bulk run</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id}>
                <td>{time(record.at)}</td>
                <td>{record.user}</td>
                <td className="mono">{visibleText(record.executionId)}</td>
                <td>
                  {OUTCOME_WORDS[record.outcome]}
                  {record.status !== null ? ` (HTTP ${record.status})` : ''}
                  {record.detail && record.outcome !== 'refused_by_api' ? ` — ${record.detail}` : ''}
                </td>
                <td className="mono">
                  <BulkRunCell run={record.bulkRun} onShowRun={onShowRun} onClose={onClose} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}

/** A record's bulk run: its start, and a way to the list of its executions when the id is a run's. */
function BulkRunCell({
  run,
  onShowRun,
  onClose,
}: {
  run: string | null
  onShowRun: ((run: string) => void) | undefined
  onClose: () => void
}) {
  if (!run) return '—'
  if (!onShowRun || !isBulkRunId(run)) return run.slice(0, 8)
  return (
    <button
      type="button"
      className="button button-small mono"
      aria-label={`Show the executions of bulk run ${run.slice(0, 8)} in the list`}
      onClick={() => {
        onClose()
        onShowRun(run)
      }}
    >
      {run.slice(0, 8)}
    </button>
  )
}
