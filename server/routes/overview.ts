import type { ServerResponse } from 'node:http'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { RouteHandler } from './context.ts'

/** The answer of a route that needs the index on a server that runs without it. */
export function refuseWithoutIndex(res: ServerResponse) {
  sendJsonError(
    res,
    503,
    'index_unavailable',
    'The execution index is turned off on this server (DASHBOARD_INDEX=0).',
  )
  return Promise.resolve({ status: 503, route: 'overview' as const, detail: 'index_unavailable' })
}

/**
 * GET /api/overview?state=…&m.<key>=…[&window=1h | &from=…&to=…][&on=updated][&histogram=1]: counts per state over
 * the whole filtered set (within the window), with their coverage, and the histogram when asked.
 */
export function overviewRoute(index: ExecutionIndex | null): RouteHandler<'overview'> {
  return async ({ res, credentials, view, query }) => {
    if (!index) return refuseWithoutIndex(res)
    const { filters, window } = view
    sendJson(
      res,
      200,
      await index.overview(credentials, filters, { window, histogram: query.histogram === '1' }),
    )
    return { status: 200, route: 'overview' }
  }
}
