import { sendJson } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { asApiRow } from '../index/rows.ts'
import type { RouteHandler } from './context.ts'
import { refuseWithoutIndex } from './overview.ts'

/**
 * GET /api/index/execution?id=…: one execution as the index last saw it (the API has no lookup by id), when, and the
 * coverage of the index's unfiltered set, so that a miss can be said for what it is: "not seen", never "not there".
 */
export function indexExecutionRoute(index: ExecutionIndex | null): RouteHandler<'indexExecution'> {
  return async ({ res, credentials, query }) => {
    if (!index) return refuseWithoutIndex(res)
    const { row, coverage } = await index.lookup(credentials, query.id)
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, {
      data: row === null ? null : asApiRow(row),
      seen_at: row?.lastSeenAt ?? null,
      outcome_pending: row?.outcomePending ?? false,
      coverage,
      source: 'index',
    })
    return { status: 200, route: 'overview' }
  }
}
