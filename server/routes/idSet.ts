import { filterChecks } from '../../shared/filters.ts'
import type { IdSetAnswer, IdSetEntry } from '../../shared/idSet.ts'
import { buildListBody, type StateSpeller } from '../../shared/listBody.ts'
import { describeUnchecked, describeWalkStop, walkList } from '../../shared/listWalker.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { rawCreated, rawTime, rawUpdated } from '../index/rows.ts'
import { fetchListPage, filterableRow, type ApiRow } from '../upstream/listPage.ts'
import type { RouteEntry } from './api.ts'
import type { Outcome, RequestContext } from './context.ts'
/** How far the server pages to count a set it does not hold; past it, the count says "at least". */
const COUNT_ROWS = 2_000_000
/** And at most this many pages: an API that sends a row or two a page is cut here, not asked 80,000 times. */
const COUNT_PAGES = 2_000

/**
 * GET /api/executions/ids?<filters>[&<window>]&max=N: the ids of every execution that matches, for "Reschedule all
 * matching". From the index when it holds the set exactly, else by paging the API here (the largest page it
 * accepts, ids kept only up to `max`, the rest counted), so the browser does not page through it 100 at a time.
 */
export function idSetRoute(index: ExecutionIndex | null, spell: StateSpeller): RouteEntry<'idSet'> {
  return {
    // The set is the first step of a bulk run: the role's refusal says so.
    forbidden: (_context, refusal) => Promise.resolve(`${refusal} A bulk reschedule is for operators.`),
    handle: (context) => idSet(index, spell, context),
  }
}

async function idSet(
  index: ExecutionIndex | null,
  spell: StateSpeller,
  context: RequestContext<'idSet'>,
): Promise<Outcome> {
  const { res, credentials, view, query } = context
  const { client } = context.upstream
  const { filters, window } = view
  const { max } = query
  if (index) {
    const all = await index.page(credentials, filters, {
      window,
      sort: 'created',
      first: COUNT_ROWS,
      after: null,
    })
    if (all.coverage.kind === 'exact') {
      const answer: IdSetAnswer = {
        executions: all.rows.slice(0, max).map((row) => ({
          id: row.id,
          state: row.state,
          created_at: rawCreated(row),
          updated_at: rawUpdated(row),
        })),
        count: all.rows.length,
        complete: true,
        source: 'index',
        asOf: all.coverage.asOf,
        note: null,
      }
      sendJson(res, 200, answer)
      return { status: 200, route: 'list_executions', detail: `ids from the index count=${answer.count}` }
    }
  }
  if (window.kind !== 'any') {
    sendJsonError(
      res,
      409,
      'index_unavailable',
      'A time window needs the index to hold this set whole; it does not yet.',
    )
    return { status: 409, route: 'list_executions', detail: 'window without index' }
  }
  const executions: IdSetEntry[] = []
  const asOf = Date.now()
  const first = index?.pageSize() ?? 100
  // A browser that stops counting (Stop, or the dialog closed) stops the paging too.
  const gone = new AbortController()
  res.once('close', () => gone.abort())
  const report = await walkList<ApiRow>({
    first,
    signal: gone.signal,
    maxRows: COUNT_ROWS,
    maxPages: COUNT_PAGES,
    idOf: (row) => (typeof row.id === 'string' ? row.id : null),
    ...filterChecks(filters, filterableRow),
    fetchPage: (after) => {
      const body = Buffer.from(JSON.stringify(buildListBody({ ...filters, first, after }, spell)))
      return fetchListPage(client, {
        body,
        authorization: credentials.authorization,
        lane: 'user',
        signal: gone.signal,
      })
    },
    onRows: (rows) => {
      for (const row of rows)
        if (executions.length < max)
          executions.push({
            id: String(row.id),
            state: String(row.state),
            created_at: rawTime(row.created_at),
            updated_at: rawTime(row.updated_at),
          })
    },
  })
  if (report.stop.kind === 'aborted')
    return { status: 499, route: 'list_executions', detail: `client_gone rows=${report.rows}` }
  if (report.stop.kind === 'failed' && report.pages <= 1) {
    sendJsonError(res, 502, 'upstream_error', report.stop.message)
    return { status: 502, route: 'list_executions', detail: 'id set failed' }
  }
  const complete = report.stop.kind === 'end'
  const excluded =
    report.excluded > 0
      ? `${report.excluded} rows the API returned do not match the filters and were left out`
      : null
  const stopped = complete ? null : `the count stopped early: ${describeWalkStop(report)}`
  const answer: IdSetAnswer = {
    executions,
    count: report.rows,
    complete,
    source: 'api',
    asOf,
    note: [stopped, excluded, describeUnchecked(report)].filter(Boolean).join('; ') || null,
  }
  sendJson(res, 200, answer)
  return { status: 200, route: 'list_executions', detail: `ids from the API count=${answer.count}` }
}
