import { queryOptions } from '@tanstack/react-query'
import { readBulkRunReport } from '../../shared/bulkRunReport'
import { callRoute } from './route'
import { readerOf } from '../../shared/readerOf'

export type { BulkRunReport, RunMember, RunMemberStanding } from '../../shared/bulkRunReport'
export { RUN_MEMBER_STANDINGS, STANDING_WORDS } from '../../shared/bulkRunReport'

/** Live counts: the index re-reads the run's executions on its own refresh; this asks it what it holds now. */
const REPORT_REFRESH_MS = 5_000

/** GET /api/audit/run?bulk=…: a bulk run's frozen set with each member's state now, from the trail and the index. */
export function bulkRunReportQuery(run: string) {
  return queryOptions({
    queryKey: ['bulk-run-report', run] as const,
    queryFn: ({ signal }) =>
      callRoute('bulkRunReport', {
        query: { bulk: run },
        read: readerOf(readBulkRunReport, 'expected a bulk run’s report'),
        signal,
      }),
    refetchInterval: REPORT_REFRESH_MS,
  })
}
