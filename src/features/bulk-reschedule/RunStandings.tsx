import '../../styles/bulkRun.css'
import { RUN_MEMBER_STANDINGS, STANDING_WORDS, type BulkRunReport } from '../../api/bulkRunReport'
import { formatCount } from '../../lib/coverageWords'

/** "120 started, 50 succeeded, 24 failed again": the run's members counted by where they stand now (none left out). */
export function RunStandings({ report }: { report: BulkRunReport }) {
  return (
    <ul className="run-counts" aria-label="Where the run’s executions stand now">
      {RUN_MEMBER_STANDINGS.filter((standing) => report.counts[standing] > 0).map((standing) => (
        <li key={standing}>
          <strong>{formatCount(report.counts[standing])}</strong> {STANDING_WORDS[standing]}
        </li>
      ))}
    </ul>
  )
}
