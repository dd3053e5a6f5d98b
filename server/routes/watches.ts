import type { IncomingMessage, ServerResponse } from 'node:http'
import { readFilterParams, writeFilterParams } from '../../shared/filterCodec.ts'
import { readThreshold, WATCH_LIMITS } from '../../shared/watches.ts'
import type { Identity } from '../audit/identity.ts'
import type { Credentials } from '../auth/credentials.ts'
import { jsonFields } from '../http/body.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import { startEventStream } from '../http/eventStream.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import { createStreamLimit } from '../http/streamLimit.ts'
import type { WatchEvent, WatchFollower } from '../watch/follower.ts'
import { WatchLimitError, type NewWatch, type WatchBook } from '../watch/watchBook.ts'
import type { OwnAction, OwnRoute } from './api.ts'

export const WATCHES_PATH = '/watches'
export const WATCH_STOP_PATH = '/watches/stop'
export const WATCH_STREAM_PATH = '/watches/stream'
const MAX_ID = 1024

export interface WatchRouteOptions {
  book: WatchBook | null
  follower: WatchFollower | null
  upstream: () => string
  identify: (req: IncomingMessage, credentials: Credentials) => Identity
  trust: ProxyTrust
  streamsPerAddress: number
}

type Outcome = Awaited<ReturnType<OwnRoute>>

function refuseWithoutStore(res: ServerResponse): Outcome {
  sendJsonError(
    res,
    503,
    'store_unavailable',
    'Watches need the execution index and its database (DASHBOARD_INDEX=0 turns them off).',
  )
  return { status: 503, route: 'watch', detail: 'store_unavailable' }
}

function badRequest(res: ServerResponse, problems: string[]): Outcome {
  sendJsonError(res, 400, 'bad_request', `${problems.join('; ')}.`)
  return { status: 400, route: 'watch', detail: 'bad_request' }
}

/** What a browser asked to watch, checked: an execution id, or a view (its filters) with a threshold. */
export function readNewWatch(body: Buffer): { watch: NewWatch | null; problems: string[] } {
  const fields = jsonFields(body)
  const label = typeof fields.label === 'string' ? fields.label.trim() : ''
  if (fields.kind === 'execution') {
    const id = fields.executionId
    if (typeof id !== 'string' || id === '' || id.length > MAX_ID)
      return { watch: null, problems: [`executionId must be an id of 1 to ${MAX_ID} characters`] }
    return { watch: { kind: 'execution', executionId: id, label: id }, problems: [] }
  }
  if (fields.kind !== 'view') return { watch: null, problems: ['kind must be execution or view'] }
  const problems: string[] = []
  if (label === '' || label.length > WATCH_LIMITS.label)
    problems.push(`label must name the watch in 1 to ${WATCH_LIMITS.label} characters`)
  const view = typeof fields.view === 'string' ? fields.view : null
  if (view === null) problems.push('view must be the view’s filters, as in its address (state=…&m.env=…)')
  const read = readFilterParams(new URLSearchParams(view ?? ''))
  problems.push(...read.problems)
  const { threshold, problems: thresholdProblems } = readThreshold(fields.threshold)
  problems.push(...thresholdProblems)
  if (problems.length > 0 || !threshold) return { watch: null, problems }
  // Kept in the codec's own spelling, so one view is one watch however the browser ordered its parameters.
  const canonical = writeFilterParams(read.filters, new URLSearchParams()).toString()
  return { watch: { kind: 'view', view: canonical, label, threshold }, problems: [] }
}

/** GET /api/watches: the user's watches, as the server follows them. */
export function watchesRoute(options: WatchRouteOptions): OwnRoute {
  return async (req, res, credentials) => {
    if (!options.follower) return refuseWithoutStore(res)
    const who = options.identify(req, credentials)
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, await options.follower.list(who.user, credentials))
    return { status: 200, route: 'watch' }
  }
}

/** POST /api/watches with {kind: "execution", executionId} or {kind: "view", view, label, threshold}. */
export function addWatchRoute(options: WatchRouteOptions): OwnAction {
  return async (req, res, credentials, body) => {
    const { book, follower } = options
    if (!book || !follower) return refuseWithoutStore(res)
    const { watch, problems } = readNewWatch(body)
    if (!watch) return badRequest(res, problems)
    const who = options.identify(req, credentials)
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
export function stopWatchRoute(options: WatchRouteOptions): OwnAction {
  return async (req, res, credentials, body) => {
    const { book, follower } = options
    if (!book || !follower) return refuseWithoutStore(res)
    const id = jsonFields(body).id
    if (typeof id !== 'string' || id === '' || id.length > 64)
      return badRequest(res, ['id must be a watch’s id'])
    const who = options.identify(req, credentials)
    const removed = await book.remove(options.upstream(), who.user, id)
    await follower.changed(who.user, credentials)
    sendJson(res, 200, { removed })
    return { status: 200, route: 'watch', detail: removed ? 'stopped' : 'not found' }
  }
}

/** A notice carries its sequence as the event id: it must not be missed, and a reconnect resumes from it. */
const streamEvent = (event: WatchEvent) =>
  event.event === 'notice' ? { ...event, id: String(event.data.seq) } : event

/**
 * GET /api/watches/stream: one Server-Sent Events stream per tab, open in background tabs too: the user's watches
 * (`watches`, at once and on every change) and their notices (`notice`, with its sequence as the event id, so a
 * tab that reconnects hears what it missed through Last-Event-ID). The tab sends no polling requests of its own.
 */
export function watchStreamRoute(options: WatchRouteOptions): OwnRoute {
  const limit = createStreamLimit(options.streamsPerAddress, 'watch streams')
  return async (req, res, credentials) => {
    const { follower } = options
    if (!follower) return refuseWithoutStore(res)
    const lastHeard = Number(req.headers['last-event-id'] ?? NaN)
    const afterSeq = Number.isSafeInteger(lastHeard) && lastHeard >= 0 ? lastHeard : null
    const address = clientAddress(req, options.trust)
    if (!limit.take(address, res)) return { status: 429, route: 'watch', detail: 'too_many_streams' }
    const who = options.identify(req, credentials)
    const stream = startEventStream(res)
    try {
      const disconnect = await follower.connect(
        who.user,
        credentials,
        {
          send: (event) => stream.send(streamEvent(event)),
          end: () => {
            if (!stream.ended()) res.end()
          },
        },
        afterSeq,
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
