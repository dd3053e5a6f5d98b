import { LRUCache } from 'lru-cache'
import {
  readGroupBy,
  groupByText,
  GROUP_PARAM,
  OPEN_GROUP_PARAM,
  TRIAGE_PARAM,
  type GroupBy,
  type TriageAnswer,
} from '../../shared/triage.ts'
import { readRunView } from '../../shared/runView.ts'
import type { ListFilters } from '../../shared/filters.ts'
import type { TimeWindow } from '../../shared/timeWindow.ts'
import { withoutToken, type Credentials } from '../auth/credentials.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { rawUpdated } from '../index/rows.ts'
import type { AckBook } from '../triage/ackBook.ts'
import { draftGroups, failureBoard, failureCounts, resolveGroupBy, type BoardInput } from '../triage/board.ts'
import { isFailed, rankKeys } from '../triage/failureGroups.ts'
import type { ShapeReader } from '../triage/shapeGroups.ts'
import type { ShapeSampler } from '../triage/shapeSampler.ts'
import type { RequestContext, RouteHandler } from './context.ts'
import { refuseWithoutIndex } from './overview.ts'

const LOOK_BACK_MS = 30 * 86_400_000
/** As long as the acknowledgements and reschedules read from the store are reused (ackBook). */
const REUSE_MS = 2_000

export interface TriageRouteOptions {
  index: ExecutionIndex | null
  acks: AckBook | null
  /** Reads sampled failures' attempts; null leaves the board without attempt shapes. */
  shapes: ShapeSampler | null
  /** The upstream as the audit trail names it. */
  upstream: () => string
  now?: () => number
}

type View = { filters: ListFilters; window: TimeWindow; groupBy: GroupBy }

/** The attempt shapes of the partition that answers these credentials, read with them. */
async function shapeReader(
  options: TriageRouteOptions,
  index: ExecutionIndex,
  credentials: Credentials,
): Promise<ShapeReader> {
  const { shapes } = options
  if (!shapes) return null
  const { partition } = await index.version(credentials)
  return (rows) => shapes.read({ partition, authorization: credentials.authorization }, rows)
}

/** Everything the board is computed from, for one request's view. */
async function boardInput(
  options: TriageRouteOptions,
  credentials: Credentials,
  view: View,
): Promise<BoardInput> {
  const { index, acks } = options
  if (!index || !acks) throw new Error('the index and the store are needed')
  const now = (options.now ?? Date.now)()
  const { rows, coverage } = await index.rows(credentials, view.filters, view.window)
  const upstream = options.upstream()
  return {
    view: rows,
    coverage,
    groupBy: view.groupBy,
    field: view.window.field,
    acks: await acks.active(upstream),
    reschedules: await acks.reschedules(upstream, now - LOOK_BACK_MS),
    shapes: await shapeReader(options, index, credentials),
    now,
  }
}

/** The counts alone, without the groups: the overview's "Failure groups: N unaddressed". */
function summaryOf(input: BoardInput): TriageAnswer {
  return {
    ...failureCounts(input),
    groupBy: null,
    keys: [],
    groups: [],
    more: { groups: 0, executions: 0 },
    coverage: input.coverage,
    generatedAt: input.now,
  }
}

/** The summary of a view as GET /api/triage?…&summary=1 answers it (for the live stream); null without the index. */
export async function triageSummary(
  options: TriageRouteOptions,
  credentials: Credentials,
  view: { filters: ListFilters; window: TimeWindow },
): Promise<TriageAnswer | null> {
  if (!options.index || !options.acks) return null
  return summaryOf(await boardInput(options, credentials, { ...view, groupBy: readGroupBy(null) }))
}

/** The board's view as a request names it: its filters, window and grouping. */
const boardView = ({ view, query }: RequestContext<'triage' | 'acknowledge'>): View => ({
  ...view,
  groupBy: readGroupBy(query[GROUP_PARAM] ?? null),
})

/**
 * GET /api/triage?<filters>&<window>&group=key:<key>|burst[&summary=1]: the view's failed executions grouped, with
 * each group's size, first and last seen, samples and what was done about it; `summary=1` only the counts.
 */
export function triageRoute(options: TriageRouteOptions): RouteHandler<'triage'> {
  const now = options.now ?? Date.now
  // Every open board and overview asks every 5 s: one computation per view serves them all until anything changes.
  const answers = new LRUCache<string, { at: number; answer: TriageAnswer }>({ max: 200 })
  return async (context) => {
    const { req, res, credentials, query } = context
    const { index } = options
    if (!index || !options.acks) return refuseWithoutIndex(res)
    const view = boardView(context)
    const { partition, version } = await index.version(credentials)
    const learned = `${options.acks?.generation() ?? 0} ${options.shapes?.generation() ?? 0}`
    const key = `${partition} ${version} ${learned} ${req.url ?? ''}`
    const reused = answers.get(key)
    if (reused && now() - reused.at < REUSE_MS) {
      sendJson(res, 200, reused.answer)
      return { status: 200, route: 'triage', detail: 'reused' }
    }
    const input = await boardInput(options, credentials, view)
    const answer = query.summary === '1' ? summaryOf(input) : failureBoard(input)
    answers.set(key, { at: now(), answer })
    sendJson(res, 200, answer)
    return { status: 200, route: 'triage' }
  }
}

type IndexedAction<N extends 'acknowledge' | 'undoAcknowledge'> = (
  context: RequestContext<N>,
  index: ExecutionIndex,
  acks: AckBook,
) => ReturnType<RouteHandler<N>>

/** An action on a server with the index and the store (the route's role has let only operators through). */
function indexedAction<N extends 'acknowledge' | 'undoAcknowledge'>(
  options: TriageRouteOptions,
  action: IndexedAction<N>,
): RouteHandler<N> {
  return async (context) => {
    const { index, acks } = options
    if (!index || !acks) return refuseWithoutIndex(context.res)
    return action(context, index, acks)
  }
}

/**
 * POST /api/triage/ack?<the board's view>&id=<group id> with {"note": "…"}: acknowledges every failure of the group
 * as it is now (409 when the group is no longer there, so nobody acknowledges what they did not see).
 */
export function ackRoute(options: TriageRouteOptions): RouteHandler<'acknowledge'> {
  return indexedAction(options, async (context, index, acks) => {
    const { res, credentials, query, body, identity, requestId } = context
    const view = boardView(context)
    // The group as the board draws it now: only the index's rows decide it (not who acknowledged what).
    const { rows } = await index.rows(credentials, view.filters, view.window)
    const failed = rows.filter(isFailed)
    const groupBy = resolveGroupBy(view.groupBy, rankKeys(rows), failed, view.window.field)
    const shapes = await shapeReader(options, index, credentials)
    const group = draftGroups(failed, groupBy, shapes).drafts.find((draft) => draft.id === query.id)
    if (!group) {
      sendJsonError(
        res,
        409,
        'group_changed',
        'This group is no longer on the board; look at the board again.',
      )
      return { status: 409, route: 'triage', detail: 'group_changed' }
    }
    const targets = group.members.map((row) => ({ id: row.id, failedAt: rawUpdated(row) ?? '' }))
    const who = { ...identity, requestId }
    // The view the acknowledgement was made in, with the grouping it had and the group open: its link opens that.
    const seen = new URLSearchParams((context.req.url ?? '').split('?')[1] ?? '')
    seen.set(TRIAGE_PARAM, '1')
    seen.set(OPEN_GROUP_PARAM, query.id)
    const grouping = groupBy ? groupByText(groupBy) : null
    if (grouping) seen.set(GROUP_PARAM, grouping)
    const runView = readRunView(seen.toString(), (options.now ?? Date.now)())
    const note = body.note === undefined ? body.note : withoutToken(body.note, credentials)
    const done = await acks.acknowledge(options.upstream(), targets, who, note, runView)
    sendJson(res, 200, done)
    return { status: 200, route: 'triage', detail: `acknowledged ${done.count}` }
  })
}

/** POST /api/triage/undo with {"run": "…"}: takes back an acknowledgement (every failure it covered). */
export function undoAckRoute(options: TriageRouteOptions): RouteHandler<'undoAcknowledge'> {
  return indexedAction(options, async (context, _index, acks) => {
    const { res, body, identity, requestId } = context
    const count = await acks.undo(options.upstream(), body.run, { ...identity, requestId })
    sendJson(res, 200, { run: body.run, count })
    return { status: 200, route: 'triage', detail: `undone ${count}` }
  })
}
