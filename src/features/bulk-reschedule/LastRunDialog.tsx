import '../../styles/dialogs.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { bulkRunReportQuery, STANDING_WORDS } from '../../api/bulkRunReport'
import { ApiErrorPanel } from '../../components/ErrorViews'
import { ModalDialog } from '../../components/ModalDialog'
import { clock, formatCount } from '../../lib/coverageWords'
import { visibleText } from '../../../shared/visibleText'
import { DownloadRunButton } from './DownloadRunButton'
import { RunStandings } from './RunStandings'

/** The most members drawn; the file has them all. */
const SHOWN_MEMBERS = 200

/**
 * The last bulk run of this session, reopened: its frozen set (the ids the audit trail recorded for it) with live
 * counts of where each stands now (created, started, succeeded, failed again, …) as the server's index last read
 * them, and the whole set as a file.
 */
export function LastRunDialog({
  run,
  onClose,
  title = 'Last bulk run',
}: {
  run: string
  onClose: () => void
  /** Another name when the run is not this session's last (one a link or the list shows). */
  title?: string
}) {
  const titleId = useId()
  const report = useQuery(bulkRunReportQuery(run))
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => closeRef.current?.focus(), [])
  const data = report.data
  return (
    <ModalDialog labelledBy={titleId} className="dialog last-run-dialog" onEscape={onClose}>
      <h2 id={titleId} className="panel-title">
        {title}
      </h2>
      {report.isPending ? (
        <p role="status">Reading the run from the audit trail…</p>
      ) : report.isError && !data ? (
        <ApiErrorPanel
          title="The run’s report could not be read"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : data ? (
        <>
          <p>
            {formatCount(data.members.length)} {data.members.length === 1 ? 'execution' : 'executions'} sent
            by {data.user} from {clock(data.started_at)} to {clock(data.ended_at)}. Where they stand now, as
            the dashboard&apos;s index read them at {clock(data.as_of)} (asked again every 5 s):
          </p>
          <RunStandings report={data} />
          {data.truncated ? (
            <p className="notice">
              The trail holds more of this run than one report carries: these are the first.
            </p>
          ) : null}
          {report.isError ? (
            <p className="notice" role="status">
              The last refresh failed; these counts are from {clock(data.as_of)}.
            </p>
          ) : null}
          <div className="bulk-results-table">
            <table className="data-table">
              <caption className="visually-hidden">Executions of the last bulk run</caption>
              <thead>
                <tr>
                  <th scope="col">Execution</th>
                  <th scope="col">Reschedule</th>
                  <th scope="col">Now</th>
                </tr>
              </thead>
              <tbody>
                {data.members.slice(0, SHOWN_MEMBERS).map((member) => (
                  <tr key={member.id}>
                    <td>
                      <code className="mono">{visibleText(member.id)}</code>
                    </td>
                    <td>{member.outcome.replaceAll('_', ' ')}</td>
                    <td>{STANDING_WORDS[member.standing]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.members.length > SHOWN_MEMBERS ? (
            <p className="muted">
              The first {SHOWN_MEMBERS} of {formatCount(data.members.length)}; the file has them all.
            </p>
          ) : null}
        </>
      ) : null}
      <div className="dialog-actions">
        <DownloadRunButton report={data} />
        <button ref={closeRef} type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
