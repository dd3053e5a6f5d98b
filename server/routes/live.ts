import { buildListBody, type StateSpeller } from '../../shared/listBody.ts'
import { startEventStream } from '../http/eventStream.ts'
import { sendJsonError } from '../http/json.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import { createStreamLimit, createStreamTotal, type StreamTotal } from '../http/streamLimit.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { LiveHub, LiveView } from '../live/hub.ts'
import type { WatchFollower } from '../watch/follower.ts'
import type { RequestContext, RouteHandler } from './context.ts'
import type { LiveSides } from './liveSides.ts'
import { followWatches, refuseWithoutStore } from './watches.ts'

/** Streams one client address may hold by default: a tab each, and no one client takes the server's connections. */
export const DEFAULT_STREAMS_PER_ADDRESS = 50

export interface LiveRouteOptions {
  hub: LiveHub
  index: ExecutionIndex | null
  /** The server's one speller (server/upstream/stateSpellings.ts). */
  spell: StateSpeller
  trust: ProxyTrust
  streams?: { perAddress: number; total: StreamTotal }
  sides?: LiveSides | null
  /** Who follows watches on this replica (null without the index and its store). */
  watches?: WatchFollower | null
}

const nothing = () => {}

function liveViewOf({ req, view, query }: RequestContext<'live'>, options: LiveRouteOptions): LiveView {
  return {
    body: Buffer.from(
      JSON.stringify(
        buildListBody({ ...view.filters, first: query.size, after: query.after ?? null }, options.spell),
      ),
    ),
    filters: view.filters,
    everyMs: query.every * 1000,
    initial: query.initial !== '0',
    // False: the tab wants only the overview (its list comes from the index).
    list: query.list !== '0',
    overview: { window: view.window, histogram: query.histogram === '1' },
    owner: clientAddress(req, options.trust),
  }
}

/**
 * GET /api/live?state=…&m.<key>=…&size=…&after=…&every=<seconds>[&window=…][&histogram=1][&initial=0][&list=0]
 * [&watches=1[&notices_after=<seq>]][&view=0]: a tab's one Server-Sent Events stream. Its view: the list page it
 * shows (`list`, or `list-error`), the overview of its filters and window (`overview`), fed by the server's one
 * refresh of each distinct view, and the failure groups' summary and the trail's recent reschedules (`failures`,
 * `marks`: liveSides.ts). With watches=1, the user's watches and their notices too (`watches`, `notice`: the same
 * events as /api/watches/stream, resumed after `notices_after` or Last-Event-ID), so a tab holds one stream; view=0
 * drops the view (a tab whose refresh is off still hears its notices).
 */
export function liveRoute(options: LiveRouteOptions): RouteHandler<'live'> {
  const { hub, index, sides = null } = options
  const streams = options.streams ?? {
    perAddress: DEFAULT_STREAMS_PER_ADDRESS,
    total: createStreamTotal(Infinity),
  }
  const limit = createStreamLimit(streams.perAddress, 'live streams', streams.total)
  return async (context) => {
    const { req, res, credentials, view, query } = context
    const withView = query.view !== '0'
    const follower = query.watches === '1' ? (options.watches ?? null) : null
    if (!withView && query.watches !== '1') {
      sendJsonError(res, 400, 'bad_request', 'view=0 asks for no view: add watches=1, or leave view out.')
      return { status: 400, route: 'live', detail: 'bad_request' }
    }
    // A view's stream goes on without watches where there are none; a stream of watches alone cannot.
    if (!withView && !follower) return refuseWithoutStore(res, 'live')
    const live = liveViewOf(context, options)
    const address = live.owner ?? ''
    // Refused before the stream starts (a client with too many views), so the refusal is a plain answer.
    if (withView) await index?.admit(credentials, view.filters)
    if (!limit.take(address, res)) return { status: 429, route: 'live', detail: 'too_many_streams' }
    const stream = startEventStream(res)
    // What the stream subscribed to, each let go when it ends, however it ends.
    const leave: (() => void)[] = []
    try {
      if (withView) {
        leave.push(
          await hub.subscribe(
            credentials,
            live,
            (event) => stream.send(event),
            () => {
              if (!stream.ended()) res.end()
            },
          ),
          sides?.subscribe(credentials, view, live.everyMs, (event) => stream.send(event)) ?? nothing,
        )
      }
      if (follower)
        leave.push(
          await followWatches(
            follower,
            { req, res, credentials, user: context.identity.user },
            stream,
            query.notices_after,
          ),
        )
      await stream.closed
    } finally {
      for (const unsubscribe of leave) unsubscribe()
      stream.stop()
      // Whatever happened, the stream's place is given back.
      limit.give(address)
      if (!stream.ended()) res.end()
    }
    return { status: 200, route: 'live', detail: 'stream closed' }
  }
}
