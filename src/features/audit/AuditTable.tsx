import type { AuditRecord } from '../../api/audit'
import { runViewSearch } from '../../lib/shownRun'
import { isBulkRunId } from '../../../shared/runScope'
import { visibleText } from '../../../shared/visibleText'

const OUTCOME_WORDS: Record<string, string> = {
  rescheduled: 'Rescheduled',
  refused_by_api: 'Refused by the API',
  unknown: 'Outcome unknown',
  pending: 'Outcome unknown (none recorded)',
  not_sent: 'Not sent (no connection to the API)',
  not_permitted: 'Not permitted',
  acknowledged: 'Failure acknowledged',
  unacknowledged: 'Acknowledgement undone',
}
const isAcknowledgement = (record: AuditRecord) =>
  record.outcome === 'acknowledged' || record.outcome === 'unacknowledged'
const time = (at: number) => new Date(at).toLocaleString('en-GB', { hour12: false })

interface AuditTableProps {
  records: readonly AuditRecord[]
  /** Narrows the trail to one execution's records. */
  onFilterExecution: (execution: string) => void
  /** Opens what a run acted on (its filters, window and group, its executions first). */
  onOpenRun: (params: URLSearchParams) => void
}

/** One row per record: when, who, what and what came of it, the execution, and the run it was part of. */
export function AuditTable({ records, onFilterExecution, onOpenRun }: AuditTableProps) {
  // An undo's records carry no view of their own: the acknowledgement's does.
  const views = new Map<string, string>()
  for (const record of records)
    if (record.bulkRun && record.runView && !views.has(record.bulkRun))
      views.set(record.bulkRun, record.runView)
  return (
    <div className="table-region">
      <table className="audit-table">
        <caption className="visually-hidden">Reschedules and acknowledgements, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">User</th>
            <th scope="col">What came of it</th>
            <th scope="col">Execution</th>
            <th scope="col">Run</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td data-label="Time">{time(record.at)}</td>
              <td data-label="User" className="audit-user">
                {record.user}
              </td>
              <td data-label="What came of it">
                {OUTCOME_WORDS[record.outcome] ?? record.outcome}
                {record.status !== null ? ` (HTTP ${record.status})` : ''}
                {record.detail && record.outcome !== 'refused_by_api' ? ` — ${record.detail}` : ''}
              </td>
              <td data-label="Execution">
                <button
                  type="button"
                  className="overview-link mono"
                  aria-label={`Only the records of ${visibleText(record.executionId)}`}
                  onClick={() => onFilterExecution(record.executionId)}
                >
                  {visibleText(record.executionId)}
                </button>
              </td>
              <td data-label="Run">
                <RunCell
                  record={record}
                  view={record.bulkRun ? views.get(record.bulkRun) : undefined}
                  onOpen={onOpenRun}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A record's run, named as what it was (a bulk reschedule or an acknowledgement), linked to what it acted on. */
function RunCell({
  record,
  view,
  onOpen,
}: {
  record: AuditRecord
  view: string | undefined
  onOpen: (params: URLSearchParams) => void
}) {
  const run = record.bulkRun
  if (!run) return <span className="muted">Single</span>
  const kind = isAcknowledgement(record) ? 'Acknowledgement' : 'Bulk run'
  const short = run.slice(0, 8)
  // Another client's X-Bulk-Run that is no run of this dashboard's: only shown.
  if (!isBulkRunId(run))
    return (
      <span>
        {kind} <span className="mono">{visibleText(short)}</span>
      </span>
    )
  const params = runViewSearch(run, view)
  return (
    <a
      className="overview-link"
      href={`${window.location.pathname}?${params.toString()}`}
      aria-label={`Open what ${kind.toLowerCase()} ${short} acted on`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
        event.preventDefault()
        onOpen(params)
      }}
    >
      {kind} <span className="mono">{short}</span>
    </a>
  )
}
