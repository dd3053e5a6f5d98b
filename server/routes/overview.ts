import { readFilterParams } from '../../src/shared/filterCodec.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { OwnRoute } from './api.ts'

export const OVERVIEW_PATH = '/overview'

/** GET /api/overview?state=…&m.<key>=…: counts per state over the whole filtered set, with their coverage. */
export function overviewRoute(index: ExecutionIndex | null): OwnRoute {
  return async (req, res, credentials) => {
    if (!index) {
      sendJsonError(
        res,
        503,
        'index_unavailable',
        'The execution index is turned off on this server (DASHBOARD_INDEX=0).',
      )
      return { status: 503, route: 'overview', detail: 'index_unavailable' }
    }
    const { filters, problems } = readFilterParams(new URLSearchParams((req.url ?? '').split('?')[1] ?? ''))
    if (problems.length > 0) {
      sendJsonError(res, 400, 'filter_too_long', `${problems.join('; ')}.`)
      return { status: 400, route: 'overview', detail: 'filter_too_long' }
    }
    sendJson(res, 200, await index.overview(credentials, filters))
    return { status: 200, route: 'overview' }
  }
}
