import {
  countStandings,
  MOST_RUN_MEMBERS,
  type BulkRunReport,
  type RunMember,
  type RunMemberStanding,
} from '../../shared/bulkRunReport.ts'
import { isBulkRunId } from '../../shared/runScope.ts'
import { recordsOfRun } from '../audit/runRecords.ts'
import type { AuditRecord, AuditTrail } from '../audit/trail.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { IndexedExecution } from '../index/rows.ts'
import type { RouteHandler } from './context.ts'

/** Where one member stands now, from its reschedule's outcome and the index's row (null: not held). */
export function standingOf(record: AuditRecord, row: IndexedExecution | null): RunMemberStanding {
  if (record.outcome === 'refused_by_api' || record.outcome === 'not_permitted') return 'not_rescheduled'
  if (record.outcome !== 'rescheduled') return 'outcome_unknown'
  if (row === null) return 'not_seen'
  // Not read since the request, or its outcome is being read: nothing new to say. Both times are this server's
  // clock (the API's updated_at may run on another, or a simulated one).
  if (row.outcomePending || row.lastSeenAt < record.at) return 'waiting'
  switch (row.meaning) {
    case 'created':
      return 'created'
    case 'started':
      return 'started'
    case 'succeed':
      return 'succeeded'
    case 'failed':
      return 'failed_again'
    default:
      return 'other'
  }
}

/** Names the value given, not the parameter: the page's `?run=` reaches this route as `bulk`. */
export function notARunId(given: string): string {
  const shape = 'a run id is 8 to 100 letters, digits, - or _'
  if (given === '') return `No bulk run id was given (${shape}); ask for /api/audit/run?bulk=<run id>.`
  const shown = given.length > 40 ? `${given.slice(0, 40)}…` : given
  return `“${shown}” is not a bulk run’s id: ${shape}.`
}

/**
 * GET /api/audit/run?bulk=<run id>: what became of a bulk run. Its members are the ids the trail recorded for it (a
 * frozen set), each with its state now as the index last read it, and counts of each; the browser asks again every
 * few seconds for live counts. Without the index, every member is "not in the index", never a guessed state.
 */
export function bulkRunReportRoute(
  trail: AuditTrail | null,
  index: ExecutionIndex | null,
): RouteHandler<'bulkRunReport'> {
  return async ({ res, credentials, query }) => {
    if (!trail) {
      sendJsonError(res, 503, 'store_unavailable', 'A bulk run’s report needs the store, which is off here.')
      return { status: 503, route: 'audit', detail: 'store_unavailable' }
    }
    const run = query.bulk
    if (!isBulkRunId(run)) {
      sendJsonError(res, 400, 'bad_request', notARunId(run))
      return { status: 400, route: 'audit', detail: 'bad run' }
    }
    const { records, more } = await recordsOfRun(trail, run)
    const first = records[0]
    if (first === undefined) {
      sendJsonError(res, 404, 'not_found', 'The audit trail has no bulk run with this id.')
      return { status: 404, route: 'audit', detail: 'no run' }
    }
    const kept = records.slice(0, MOST_RUN_MEMBERS)
    const rows = index
      ? await index.rowsOf(
          credentials,
          kept.map((record) => record.executionId),
        )
      : []
    const members = kept.map((record, at): RunMember => {
      const row = rows[at] ?? null
      return {
        id: record.executionId,
        outcome: record.outcome,
        requested_at: record.at,
        standing: standingOf(record, row),
        state: row?.state ?? null,
        seen_at: row?.lastSeenAt ?? null,
      }
    })
    const report: BulkRunReport = {
      run,
      user: first.user,
      started_at: first.at,
      ended_at: kept[kept.length - 1]?.at ?? first.at,
      members,
      counts: countStandings(members),
      as_of: Date.now(),
      truncated: more,
    }
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, report)
    return { status: 200, route: 'audit' }
  }
}
