import { sendJson, sendJsonError } from '../http/json.ts'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { isBulkRunId, type RunScope } from '../../shared/runScope.ts'
import { RUN_PARAM } from '../../shared/filterCodec.ts'
import type { Credentials } from '../auth/credentials.ts'
import { recordsOfRun } from '../audit/runRecords.ts'
import { ACK_OUTCOMES, type AuditTrail } from '../audit/trail.ts'
import { asApiRow } from '../index/rows.ts'
import type { RouteHandler } from './context.ts'
import { refuseWithoutIndex } from './overview.ts'

type RunRead =
  | { ids: ReadonlySet<string>; scope: RunScope }
  | { status: number; code: DashboardErrorCode; message: string }

/** A bulk run's frozen set (the ids the audit trail recorded for it) and how many of them the index holds. */
async function readRun(
  trail: AuditTrail | null,
  index: ExecutionIndex,
  credentials: Credentials,
  run: string,
): Promise<RunRead> {
  if (!trail)
    return {
      status: 503,
      code: 'store_unavailable',
      message: 'A bulk run needs the store, which is off here.',
    }
  if (!isBulkRunId(run))
    return {
      status: 400,
      code: 'bad_request',
      message: 'run must be a bulk run’s id (8 to 100 letters, digits, - or _).',
    }
  // A bulk reschedule's or an acknowledgement's: either acted on a frozen set of executions.
  const { records, more } = await recordsOfRun(trail, run, null)
  if (records.length === 0)
    return { status: 404, code: 'not_found', message: 'The audit trail has no run with this id.' }
  const ids = new Set(records.map((record) => record.executionId))
  const rows = await index.rowsOf(credentials, [...ids])
  const acknowledged = records.every((record) => ACK_OUTCOMES.includes(record.outcome))
  const scope: RunScope = {
    run,
    members: ids.size,
    not_in_index: rows.filter((row) => row === null).length,
    truncated: more,
    kind: acknowledged ? 'acknowledge' : 'reschedule',
  }
  return { ids, scope }
}

/**
 * GET /api/index/executions?<filters>&<window>&sort=created|updated|state|duration&size=N&after=…[&run=…]: a page
 * of the filtered set from the index, in an order the API does not offer (newest created first by default), with
 * the index's coverage so the list can say whether it holds every execution. With `run`, only that bulk run's
 * executions, and `run` in the answer says how many it has and how many of them the index does not hold.
 */
export function indexListRoute(
  index: ExecutionIndex | null,
  trail: AuditTrail | null = null,
): RouteHandler<'indexList'> {
  return async ({ res, credentials, view, query }) => {
    if (!index) return refuseWithoutIndex(res)
    const { filters, window } = view
    const runParam = query[RUN_PARAM]
    const run = runParam === undefined ? null : await readRun(trail, index, credentials, runParam)
    if (run && 'status' in run) {
      sendJsonError(res, run.status, run.code, run.message)
      return { status: run.status, route: 'overview', detail: `run ${run.code}` }
    }
    const page = await index.page(credentials, filters, {
      window,
      sort: query.sort ?? 'created',
      first: query.size,
      after: query.after ?? null,
      ...(run ? { ids: run.ids } : {}),
    })
    sendJson(res, 200, {
      data: page.rows.map(asApiRow),
      page_info: { has_next_page: page.hasNext, end_cursor: page.endCursor },
      coverage: page.coverage,
      source: 'index',
      ...(run ? { run: run.scope } : {}),
    })
    return { status: 200, route: 'overview' }
  }
}
