import type { AuditKind, AuditRecord, AuditTrail } from './trail.ts'
import { MOST_RUN_MEMBERS } from '../../shared/bulkRunReport.ts'

const TRAIL_PAGE = 500

/**
 * Every reschedule record of a bulk run, oldest first, up to the most a report carries (`more`: the trail holds
 * others). The run's members are these records' executions: a frozen set, whatever their states do since. With
 * `kind` null, an acknowledgement's records too (the list of what a run acted on, whichever it was).
 */
export async function recordsOfRun(
  trail: AuditTrail,
  run: string,
  kind: AuditKind | null = 'reschedule',
): Promise<{ records: AuditRecord[]; more: boolean }> {
  const records: AuditRecord[] = []
  let after: string | null = null
  for (;;) {
    const page = await trail.list({
      bulkRun: run,
      ...(kind ? { kind } : {}),
      first: TRAIL_PAGE,
      after,
    })
    // The trail matches a run by its start (the audit dialog shows 8 characters); a report is of this run only.
    records.push(...page.records.filter((record) => record.bulkRun === run))
    if (!page.hasNext || page.endCursor === null) return { records: records.reverse(), more: false }
    if (records.length >= MOST_RUN_MEMBERS) return { records: records.reverse(), more: true }
    after = page.endCursor
  }
}
