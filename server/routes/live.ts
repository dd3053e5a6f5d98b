import type { IncomingMessage, ServerResponse } from 'node:http'
import { buildListBody } from '../../shared/listBody.ts'
import { sendJsonError } from '../http/json.ts'
import { startEventStream } from '../http/eventStream.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import { createStreamLimit } from '../http/streamLimit.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { LiveHub } from '../live/hub.ts'
import type { OwnRoute } from './api.ts'
import type { LiveSides } from './liveSides.ts'
import { readView } from './overview.ts'

export const LIVE_PATH = '/live'
/** Streams one client address may hold by default: a tab each, and no one client takes the server's connections. */
export const DEFAULT_STREAMS_PER_ADDRESS = 50
const MAX_CURSOR = 4_096

type LiveRequest = {
  first: number
  after: string | null
  everyMs: number
  initial: boolean
  /** False: the tab wants only the overview (its list comes from the index). */
  list: boolean
  problems: string[]
}

function readLiveRequest(params: URLSearchParams): LiveRequest {
  const problems: string[] = []
  const first = Number(params.get('size') ?? 20)
  if (!Number.isInteger(first) || first < 1 || first > 1000)
    problems.push('size must be a whole number from 1 to 1000')
  const after = params.get('after')
  if (after !== null && (after === '' || after.length > MAX_CURSOR))
    problems.push(`after must be a cursor of 1 to ${MAX_CURSOR} characters`)
  const every = Number(params.get('every') ?? 10)
  if (!Number.isFinite(every) || every < 1 || every > 3600)
    problems.push('every must be a number of seconds from 1 to 3600')
  const initial = params.get('initial')
  if (initial !== null && initial !== '0' && initial !== '1') problems.push('initial must be 0 or 1')
  const list = params.get('list')
  if (list !== null && list !== '0' && list !== '1') problems.push('list must be 0 or 1')
  return { first, after, everyMs: every * 1000, initial: initial !== '0', list: list !== '0', problems }
}

/**
 * GET /api/live?state=…&m.<key>=…&size=…&after=…&every=<seconds>[&window=…][&histogram=1][&initial=0][&list=0]: one Server-Sent Events
 * stream per tab with the list page it shows (`list`, or `list-error`), the overview of its filters and window
 * (`overview`), fed by the server's one refresh of each distinct view, and the failure groups' summary and the
 * trail's recent reschedules (`failures`, `marks`: liveSides.ts).
 */
export function liveRoute(
  hub: LiveHub,
  index: ExecutionIndex | null,
  trust: ProxyTrust,
  perAddress = DEFAULT_STREAMS_PER_ADDRESS,
  sides: LiveSides | null = null,
): OwnRoute {
  const limit = createStreamLimit(perAddress, 'live streams')
  return async (req: IncomingMessage, res: ServerResponse, credentials) => {
    const { params, filters, window, problems: viewProblems } = readView(req.url)
    const request = readLiveRequest(params)
    const problems = [...viewProblems, ...request.problems]
    if (problems.length > 0) {
      sendJsonError(res, 400, 'bad_request', `${problems.join('; ')}.`)
      return { status: 400, route: 'live', detail: 'bad_request' }
    }
    const address = clientAddress(req, trust)
    if (!limit.take(address, res)) return { status: 429, route: 'live', detail: 'too_many_streams' }
    const body = Buffer.from(
      JSON.stringify(buildListBody({ ...filters, first: request.first, after: request.after }, index?.spell)),
    )
    const stream = startEventStream(res)
    const unsubscribe = await hub.subscribe(
      credentials,
      {
        body,
        filters,
        everyMs: request.everyMs,
        initial: request.initial,
        list: request.list,
        overview: { window, histogram: params.get('histogram') === '1' },
        owner: address,
      },
      (event) => stream.send(event),
      () => {
        if (!stream.ended()) res.end()
      },
    )
    const unsubscribeSides =
      sides?.subscribe(credentials, { filters, window }, request.everyMs, (event) => stream.send(event)) ??
      (() => {})
    await stream.closed
    stream.stop()
    unsubscribe()
    unsubscribeSides()
    limit.give(address)
    return { status: 200, route: 'live', detail: 'stream closed' }
  }
}
