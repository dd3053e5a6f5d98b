import { STANDING_WORDS, type BulkRunReport } from '../../api/bulkRunReport'
import { CSV_BOM, csvLine } from '../../shared/csv'

/** One line per member of a bulk run: what the run asked, and where it stands now (formula-safe cells, shared/csv). */
export function runReportCsv(report: BulkRunReport): string {
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
