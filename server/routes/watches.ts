import type { IncomingMessage, ServerResponse } from 'node:http'
import { withoutToken, type Credentials } from '../auth/credentials.ts'
import type { RouteBody } from '../../shared/api/table.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import { startEventStream, type EventStream } from '../http/eventStream.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import { createStreamLimit, type StreamTotal } from '../http/streamLimit.ts'
import type { WatchFollower } from '../watch/follower.ts'
import { WatchLimitError, type NewWatch, type WatchBook } from '../watch/watchBook.ts'
import type { Outcome, RouteHandler } from './context.ts'

export interface WatchRouteOptions {
  book: WatchBook | null
  follower: WatchFollower | null
  upstream: () => string
  trust: ProxyTrust
  streamsPerAddress: number
  /** The process's streams, shared with the live route's. */
  streams: StreamTotal
}

export function refuseWithoutStore(res: ServerResponse, route: Outcome['route'] = 'watch'): Outcome {
  sendJsonError(
    res,
    503,
    'store_unavailable',
    'Watches need the execution index and its database (DASHBOARD_INDEX=0 turns them off).',
  )
  return { status: 503, route, detail: 'store_unavailable' }
}

function badRequest(res: ServerResponse, problems: string[]): Outcome {
  sendJsonError(res, 400, 'bad_request', `${problems.join('; ')}.`)
  return { status: 400, route: 'watch', detail: 'bad_request' }
}

/** What a browser asked to watch, as the route's schema read it. */
export function newWatchOf(body: RouteBody<'addWatch'>): NewWatch | null {
  if (body.kind === 'execution')
    return { kind: 'execution', executionId: body.executionId, label: body.executionId }
  return body.threshold
    ? { kind: 'view', view: body.view, label: body.label, threshold: body.threshold }
    : null
}

/** GET /api/watches: the user's watches, as the server follows them. */
export function watchesRoute(options: WatchRouteOptions): RouteHandler<'watches'> {
  return async ({ res, credentials, identity: who }) => {
    if (!options.follower) return refuseWithoutStore(res)
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, await options.follower.list(who.user, credentials))
    return { status: 200, route: 'watch' }
  }
}

/** POST /api/watches with {kind: "execution", executionId} or {kind: "view", view, label, threshold}. */
export function addWatchRoute(options: WatchRouteOptions): RouteHandler<'addWatch'> {
  return async ({ res, credentials, body, identity: who }) => {
    const { book, follower } = options
    if (!book || !follower) return refuseWithoutStore(res)
    const asked = newWatchOf(body)
    if (!asked) return badRequest(res, ['threshold must be {state, count, minutes}'])
    const watch = { ...asked, label: withoutToken(asked.label, credentials) }
    try {
      const added = await book.add(options.upstream(), who.user, watch)
      await follower.changed(who.user, credentials)
      const { owner: _owner, seenKey: _key, waitingText: _text, ...shown } = added
      sendJson(res, 201, shown)
      return { status: 201, route: 'watch', detail: watch.kind }
    } catch (error) {
      if (!(error instanceof WatchLimitError)) throw error
      sendJsonError(res, 409, 'too_many_watches', error.message)
      return { status: 409, route: 'watch', detail: 'too_many_watches' }
    }
  }
}

/** POST /api/watches/stop with {id}: stops one of the user's watches (another user's is not found). */
export function stopWatchRoute(options: WatchRouteOptions): RouteHandler<'stopWatch'> {
  return async ({ res, credentials, body, identity: who }) => {
    const { book, follower } = options
    if (!book || !follower) return refuseWithoutStore(res)
    const { id } = body
    const removed = await book.remove(options.upstream(), who.user, id)
    await follower.changed(who.user, credentials)
    sendJson(res, 200, { removed })
    return { status: 200, route: 'watch', detail: removed ? 'stopped' : 'not found' }
  }
}

/**
 * Where a tab's notices resume: after the later of what the browser's own reconnect says (Last-Event-ID) and what the
 * tab says it heard (a stream it opened again itself); null for a tab that heard nothing yet.
 */
export function resumeAfter(req: IncomingMessage, heard: number | undefined): number | null {
  const header = Number(req.headers['last-event-id'] ?? NaN)
  const said = [Number.isSafeInteger(header) && header >= 0 ? header : null, heard ?? null]
  const known = said.filter((seq): seq is number => seq !== null)
  return known.length > 0 ? Math.max(...known) : null
}

/** Follows the user's watches on an open stream (watches, then notices with their ids); returns the disconnect. */
export function followWatches(
  follower: WatchFollower,
  context: { req: IncomingMessage; res: ServerResponse; credentials: Credentials; user: string },
  stream: EventStream,
  heard: number | undefined,
): Promise<() => void> {
  const { res } = context
  return follower.connect(
    context.user,
    context.credentials,
    {
      send: (event) => stream.send(event),
      end: () => {
        if (!stream.ended()) res.end()
      },
    },
    resumeAfter(context.req, heard),
  )
}

/**
 * GET /api/watches/stream: the user's watches (`watches`, at once and on every change) and their notices (`notice`,
 * with its sequence as the event id, so a client that reconnects hears what it missed through Last-Event-ID), for
 * API clients. A tab has the same events on its one stream (GET /api/live?watches=1, live.ts).
 */
export function watchStreamRoute(options: WatchRouteOptions): RouteHandler<'watchStream'> {
  const limit = createStreamLimit(options.streamsPerAddress, 'watch streams', options.streams)
  return async ({ req, res, credentials, identity: who }) => {
    const { follower } = options
    if (!follower) return refuseWithoutStore(res)
    const address = clientAddress(req, options.trust)
    if (!limit.take(address, res)) return { status: 429, route: 'watch', detail: 'too_many_streams' }
    const stream = startEventStream(res)
    try {
      const disconnect = await followWatches(
        follower,
        { req, res, credentials, user: who.user },
        stream,
        undefined,
      )
      await stream.closed
      disconnect()
    } finally {
      stream.stop()
      limit.give(address)
    }
    return { status: 200, route: 'watch', detail: 'stream closed' }
  }
}
