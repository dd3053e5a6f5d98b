import type { RouteQuery } from '../../shared/api/table.ts'
import { decodeCursor, type AuditQuery, type AuditTrail } from '../audit/trail.ts'
import { RECENT_TRAIL_MS, RECENT_TRAIL_SIZE } from '../../shared/recentTrail.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { RouteHandler } from './context.ts'
import { streamAuditExport } from './auditExport.ts'
import { DEFAULT_EXPORT_MAX_ROWS } from './exportLimits.ts'

/** GET /api/whoami: who the dashboard thinks you are, where that came from, and whether you may reschedule. */
export function whoamiRoute(audited: boolean): RouteHandler<'whoami'> {
  return ({ res, identity: who }) => {
    sendJson(res, 200, { user: who.user, via: who.via, role: who.role, refusal: who.refusal, audited })
    return Promise.resolve({ status: 200, route: 'whoami' })
  }
}

/** The trail's filters, as the route's schema read them. */
function auditQueryOf(query: RouteQuery<'audit'>): AuditQuery {
  return {
    user: query.user || undefined,
    execution: query.execution || undefined,
    bulkRun: query.bulk || undefined,
    kind: query.kind,
    outcome: query.outcome,
    from: query.from,
    to: query.to,
    first: query.size,
    after: query.after || null,
  }
}

/**
 * GET /api/audit?user=…&execution=…&outcome=…&bulk=…&from=…&to=…&size=…&after=…: the reschedules the server
 * forwarded (and refused), newest first. `unknown` includes records whose outcome was never written. With
 * `format=csv` or `format=ndjson`, every matching record as a file (auditExport.ts).
 */
export function auditRoute(
  trail: AuditTrail | null,
  maxRows = DEFAULT_EXPORT_MAX_ROWS,
): RouteHandler<'audit'> {
  return async ({ res, query: asked }) => {
    if (!trail) {
      sendJsonError(
        res,
        503,
        'store_unavailable',
        'The audit trail needs the store, which is off on this server.',
      )
      return { status: 503, route: 'audit', detail: 'store_unavailable' }
    }
    const query = auditQueryOf(asked)
    // A cursor the trail did not write would page from the top, unseen: the records would not be the ones asked for.
    if (query.after && decodeCursor(query.after) === null) {
      sendJsonError(res, 400, 'bad_request', 'after must be the end_cursor of the page before.')
      return { status: 400, route: 'audit', detail: 'bad_request' }
    }
    const { format } = asked
    if (format === 'csv' || format === 'ndjson') {
      const rows = await streamAuditExport(res, trail, query, { format, maxRows })
      return { status: 200, route: 'audit', detail: `export rows=${rows}` }
    }
    sendJson(res, 200, await auditPage(trail, query))
    return { status: 200, route: 'audit' }
  }
}

/** A page of the trail as GET /api/audit answers it. */
async function auditPage(trail: AuditTrail, query: AuditQuery) {
  const page = await trail.list(query)
  return { data: page.records, page_info: { has_next_page: page.hasNext, end_cursor: page.endCursor } }
}

/** The page of recent reschedules the list marks its rows with, as a tab would read it (for its live stream). */
export function recentReschedules(trail: AuditTrail, now = Date.now()) {
  return auditPage(trail, { kind: 'reschedule', from: now - RECENT_TRAIL_MS, first: RECENT_TRAIL_SIZE })
}
