import type { ServerResponse } from 'node:http'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import { readFilterParams } from '../../shared/filterCodec.ts'
import { readWindowParams } from '../../shared/timeWindow.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { OwnRoute } from './api.ts'

export const OVERVIEW_PATH = '/overview'

/** The filters and time window of a request's query, or the words of what could not be read and its code. */
export function readView(url: string | undefined) {
  const params = new URLSearchParams((url ?? '').split('?')[1] ?? '')
  const { filters, problems: filterProblems } = readFilterParams(params)
  const { window, problems: windowProblems } = readWindowParams(params)
  // A window that cannot be read (window=abc, from=zzz) is an invalid request, not a filter that is too long.
  const refusalCode: DashboardErrorCode = windowProblems.length > 0 ? 'bad_request' : 'filter_too_long'
  return { params, filters, window, problems: [...filterProblems, ...windowProblems], refusalCode }
}

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
export function overviewRoute(index: ExecutionIndex | null): OwnRoute {
  return async (req, res, credentials) => {
    if (!index) return refuseWithoutIndex(res)
    const { params, filters, window, problems, refusalCode } = readView(req.url)
    if (problems.length > 0) {
      sendJsonError(res, 400, refusalCode, `${problems.join('; ')}.`)
      return { status: 400, route: 'overview', detail: 'bad view' }
    }
    sendJson(
      res,
      200,
      await index.overview(credentials, filters, { window, histogram: params.get('histogram') === '1' }),
    )
    return { status: 200, route: 'overview' }
  }
}
