import { buildListBody } from '../../shared/listBody.ts'
import { startEventStream } from '../http/eventStream.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import { createStreamLimit, createStreamTotal, type StreamTotal } from '../http/streamLimit.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { LiveHub, LiveView } from '../live/hub.ts'
import type { RouteHandler } from './context.ts'
import type { LiveSides } from './liveSides.ts'

/** Streams one client address may hold by default: a tab each, and no one client takes the server's connections. */
export const DEFAULT_STREAMS_PER_ADDRESS = 50

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
  streams: { perAddress: number; total: StreamTotal } = {
    perAddress: DEFAULT_STREAMS_PER_ADDRESS,
    total: createStreamTotal(Infinity),
  },
  sides: LiveSides | null = null,
): RouteHandler<'live'> {
  const limit = createStreamLimit(streams.perAddress, 'live streams', streams.total)
  return async ({ req, res, credentials, view, query }) => {
    const { filters, window } = view
    const live: LiveView = {
      body: Buffer.from(
        JSON.stringify(
          buildListBody({ ...filters, first: query.size, after: query.after ?? null }, index?.spell),
        ),
      ),
      filters,
      everyMs: query.every * 1000,
      initial: query.initial !== '0',
      // False: the tab wants only the overview (its list comes from the index).
      list: query.list !== '0',
      overview: { window, histogram: query.histogram === '1' },
      owner: clientAddress(req, trust),
    }
    const address = live.owner ?? ''
    // Refused before the stream starts (a client with too many views), so the refusal is a plain answer.
    await index?.admit(credentials, filters)
    if (!limit.take(address, res)) return { status: 429, route: 'live', detail: 'too_many_streams' }
    const stream = startEventStream(res)
    try {
      const unsubscribe = await hub.subscribe(
        credentials,
        live,
        (event) => stream.send(event),
        () => {
          if (!stream.ended()) res.end()
        },
      )
      const unsubscribeSides =
        sides?.subscribe(credentials, { filters, window }, live.everyMs, (event) => stream.send(event)) ??
        (() => {})
      await stream.closed
      unsubscribe()
      unsubscribeSides()
    } finally {
      stream.stop()
      // Whatever happened, the stream's place is given back.
      limit.give(address)
      if (!stream.ended()) res.end()
    }
    return { status: 200, route: 'live', detail: 'stream closed' }
  }
}
