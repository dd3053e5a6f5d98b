import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { readListSort } from '../../src/shared/listSort.ts'
import { asApiRow } from '../index/rows.ts'
import type { OwnRoute } from './api.ts'
import { readView, refuseWithoutIndex } from './overview.ts'

export const INDEX_LIST_PATH = '/index/executions'
const MAX_CURSOR = 512

/**
 * GET /api/index/executions?<filters>&<window>&sort=created|updated|state|duration&size=N&after=…: a page of the filtered set
 * from the index, in an order the API does not offer (newest created first by default), with the index's coverage
 * so the list can say whether it holds every execution.
 */
export function indexListRoute(index: ExecutionIndex | null): OwnRoute {
  return async (req, res, credentials) => {
    if (!index) return refuseWithoutIndex(res)
    const { params, filters, window, problems } = readView(req.url)
    const { sort, problem } = readListSort(params.get('sort'))
    const first = Number(params.get('size') ?? 20)
    const after = params.get('after')
    if (problem) problems.push(problem)
    if (!Number.isInteger(first) || first < 1 || first > 1000)
      problems.push('size must be a whole number from 1 to 1000')
    if (after !== null && (after === '' || after.length > MAX_CURSOR))
      problems.push('after is not a cursor of this list')
    if (problems.length > 0) {
      sendJsonError(res, 400, 'bad_request', `${problems.join('; ')}.`)
      return { status: 400, route: 'overview', detail: 'bad view' }
    }
    const page = await index.page(credentials, filters, { window, sort: sort ?? 'created', first, after })
    sendJson(res, 200, {
      data: page.rows.map(asApiRow),
      page_info: { has_next_page: page.hasNext, end_cursor: page.endCursor },
      coverage: page.coverage,
      source: 'index',
    })
    return { status: 200, route: 'overview' }
  }
}
