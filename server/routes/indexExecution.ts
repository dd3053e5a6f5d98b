import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { OwnRoute } from './api.ts'
import { asApiRow } from '../index/rows.ts'
import { refuseWithoutIndex } from './overview.ts'

export const INDEX_EXECUTION_PATH = '/index/execution'
/** Longer than any id a list has sent; a query string is bounded by the server's header limit anyway. */
const MAX_ID = 1024

/**
 * GET /api/index/execution?id=…: one execution as the index last saw it (the API has no lookup by id), when, and the
 * coverage of the index's unfiltered set, so that a miss can be said for what it is: "not seen", never "not there".
 */
export function indexExecutionRoute(index: ExecutionIndex | null): OwnRoute {
  return async (req, res, credentials) => {
    if (!index) return refuseWithoutIndex(res)
    const id = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('id')
    if (id === null || id === '' || id.length > MAX_ID) {
      sendJsonError(res, 400, 'bad_request', `id must be given, at most ${MAX_ID} characters.`)
      return { status: 400, route: 'overview', detail: 'bad id' }
    }
    const { row, coverage } = await index.lookup(credentials, id)
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
