import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { LastRunDialog } from './lazyDialogs'
import { bulkRunReportQuery } from '../../api/bulkRunReport'
import { describeApiError } from '../../components/describeApiError'
import { clock } from '../../lib/coverageWords'
import { DownloadRunButton } from './DownloadRunButton'
import { RunStandings } from './RunStandings'
import { OpeningOnDemand } from '../../components/OpeningOnDemand'

/**
 * Above a list that shows one bulk run: who sent it and when, its members counted by where they stand now (asked
 * again every 5 s), its report with each member, and the whole set as a file.
 */
export function RunSummary({ run }: { run: string }) {
  const report = useQuery(bulkRunReportQuery(run))
  const [isOpen, setOpen] = useState(false)
  const data = report.data
  return (
    <>
      {report.isPending ? (
        <p role="status">Reading the run from the audit trail…</p>
      ) : report.isError && !data ? (
        <p className="notice">
          The run’s counts could not be read: {describeApiError(report.error).message}{' '}
          <button type="button" className="button button-small" onClick={() => void report.refetch()}>
            Retry
          </button>
        </p>
      ) : data ? (
        <>
          <p>
            Sent by {data.user} from {clock(data.started_at)} to {clock(data.ended_at)}. Where they stand now,
            as the dashboard’s index read them at {clock(data.as_of)}:
          </p>
          <RunStandings report={data} />
          {report.isError ? (
            <p className="notice">The last refresh failed; these counts are from {clock(data.as_of)}.</p>
          ) : null}
        </>
      ) : null}
      <div className="run-scope-actions">
        <button
          type="button"
          className="button button-small"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Report…
        </button>
        <DownloadRunButton report={data} small />
      </div>
      {isOpen ? (
        <OpeningOnDemand>
          <LastRunDialog run={run} title="Bulk run report" onClose={() => setOpen(false)} />
        </OpeningOnDemand>
      ) : null}
    </>
  )
}
