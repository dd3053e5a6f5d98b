import { STANDING_WORDS, type BulkRunReport } from '../../api/bulkRunReport'
import { saveStampedCsv } from '../../lib/saveFile'
import { CSV_BOM, csvLine } from '../../../shared/csv'

/** One line per member of a bulk run: what the run asked, and where it stands now (formula-safe cells, shared/csv). */
function runReportCsv(report: BulkRunReport): string {
  const lines = [csvLine(['id', 'outcome', 'now', 'state', 'requested_at', 'state_read_at'])]
  for (const member of report.members)
    lines.push(
      csvLine([
        member.id,
        member.outcome,
        STANDING_WORDS[member.standing],
        member.state ?? '',
        new Date(member.requested_at).toISOString(),
        member.seen_at === null ? '' : new Date(member.seen_at).toISOString(),
      ]),
    )
  return CSV_BOM + lines.join('')
}

/** Download the run: every member in a file, once the report is there (the report and the run line both offer it). */
export function DownloadRunButton({
  report,
  small = false,
}: {
  report: BulkRunReport | undefined
  small?: boolean
}) {
  return (
    <button
      type="button"
      className={small ? 'button button-small' : 'button'}
      disabled={!report}
      onClick={() => report && saveStampedCsv(runReportCsv(report), 'bulk-run')}
    >
      Download the run
    </button>
  )
}
