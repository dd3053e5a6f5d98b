import { createHash } from 'node:crypto'
import type { ListFilters } from '../../shared/filters.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { ExecutionIndex, OverviewAnswer, OverviewView } from '../index/executionIndex.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { withheldFailure } from '../upstream/listPage.ts'
import { LIST_EXECUTIONS } from '../upstream/operations.ts'
import { CallAbandonedError, UpstreamFailure } from '../upstream/request.ts'
import { messageFromText } from '../../shared/errorBody.ts'

/** What a browser tab hears on its stream. */
export type LiveEvent =
  /** `age`: ms since the call that answered was sent, so the tab never trades a newer page for it. */
  | { event: 'list'; data: { at: number; age: number; page: unknown } | { at: number; unchanged: true } }
  | { event: 'list-error'; data: { at: number; status: number; code: string; message: string } }
  | { event: 'overview'; data: OverviewAnswer }

export interface LiveView {
  /** The list call's body, exactly as the tab's own list call sends it. */
  body: Buffer
  filters: ListFilters
  /** The overview's window and whether to draw its histogram. */
  overview?: OverviewView
  /** How often the tab wants the list refreshed. */
  everyMs: number
  /** False when the tab has (or is fetching) the page itself: no refresh at once, only on the interval. */
  initial?: boolean
  /** False when the tab wants only the overview: no list view is refreshed for it. */
  list?: boolean
  /** Who asks (a client address or user): views are refreshed in turn by owner. */
  owner?: string
}

interface Subscriber {
  everyMs: number
  sentAt: number
  lastText: string | null
  send: (event: LiveEvent) => void
  /** Ends the tab's stream (the server is stopping: the browser reconnects, to another replica if any). */
  end: () => void
}

interface View {
  body: Buffer
  /** Whoever first asked for it: its calls carry their credential, and what the index learns goes to their partition. */
  credentials: Credentials
  /** Whoever first asked for it: its refreshes wait in turn with that owner's others. */
  owner: string
  subscribers: Set<Subscriber>
  timer: NodeJS.Timeout | undefined
  refreshing: boolean
  /** The last answer, so a tab that joins hears it at once instead of costing a call. */
  last: { event: LiveEvent; text: string | null; at: number; askedAt: number } | null
}

/** A key for a credential that never holds it: views (and the shared feeds, routes/liveSides.ts) are kept by it. */
export const digest = (text: string) => createHash('sha256').update(text).digest('base64url')

/**
 * Live views: each distinct (credential, list call) that tabs watch is refreshed by the server once, at the
 * shortest interval its tabs ask for (never below `minMs`), and the answer goes to every tab watching it.
 * So upstream calls follow the views, not the number of tabs. Overview counts come from the index.
 */
export function createLiveHub(options: {
  client: UpstreamClient
  index: ExecutionIndex | null
  minMs: number
}) {
  const views = new Map<string, View>()
  /** Streams that carry only the overview (a list from the index), to end them when the server stops. */
  const overviewOnly = new Set<() => void>()
  /** Refreshes whose call is out, including those of views every tab has left meanwhile. */
  let inFlight = 0

  function intervalOf(view: View): number {
    const wanted = Math.min(...[...view.subscribers].map((subscriber) => subscriber.everyMs))
    return Math.max(options.minMs, wanted)
  }

  /** A list page's age is said as it leaves: how long ago the call that answered it was sent. */
  function aged(event: LiveEvent, askedAt: number, now: number): LiveEvent {
    if (event.event !== 'list' || !('page' in event.data)) return event
    return { event: 'list', data: { ...event.data, age: Math.max(0, now - askedAt) } }
  }

  function deliver(view: View, event: LiveEvent, text: string | null, askedAt = Date.now()) {
    const now = Date.now()
    view.last = { event, text, at: now, askedAt }
    for (const subscriber of view.subscribers) {
      // A tab that asked for a slower refresh hears at its own pace.
      if (now - subscriber.sentAt < subscriber.everyMs - options.minMs / 2) continue
      subscriber.sentAt = now
      if (text !== null && text === subscriber.lastText) {
        subscriber.send({ event: 'list', data: { at: now, unchanged: true } })
        continue
      }
      subscriber.lastText = text
      subscriber.send(aged(event, askedAt, now))
    }
  }

  async function refresh(view: View) {
    if (view.refreshing || view.subscribers.size === 0) return
    view.refreshing = true
    inFlight += 1
    try {
      const answer = await options.client.call({
        operation: LIST_EXECUTIONS,
        body: view.body,
        authorization: view.credentials.authorization,
        lane: 'live',
        owner: view.owner,
      })
      if (answer.withheld) throw withheldFailure(answer.status)
      const text = answer.body.toString('utf8')
      if (answer.status < 200 || answer.status > 299) {
        const message = messageFromText(text) ?? `The API answered HTTP ${answer.status}.`
        deliver(
          view,
          {
            event: 'list-error',
            data: { at: Date.now(), status: answer.status, code: 'upstream_error', message },
          },
          null,
        )
        return
      }
      deliver(
        view,
        { event: 'list', data: { at: answer.receivedAt, age: 0, page: JSON.parse(text) as unknown } },
        text,
        answer.sentAt,
      )
      // The counts move with the list the tabs were just sent (one voice), once the page is on its way.
      const index = options.index
      if (index) setImmediate(() => index.observe(view.credentials, LIST_EXECUTIONS, view.body, answer))
    } catch (error) {
      if (error instanceof CallAbandonedError) return
      const failure =
        error instanceof UpstreamFailure
          ? error
          : new UpstreamFailure(502, 'upstream_invalid_response', 'The API sent a page that is not JSON.')
      deliver(
        view,
        {
          event: 'list-error',
          data: { at: Date.now(), status: failure.status, code: failure.code, message: failure.message },
        },
        null,
      )
    } finally {
      view.refreshing = false
      inFlight -= 1
    }
  }

  function schedule(view: View) {
    clearInterval(view.timer)
    if (view.subscribers.size === 0) return
    view.timer = setInterval(() => void refresh(view), intervalOf(view))
    view.timer.unref()
  }

  return {
    /** Starts sending `view` to `send`; returns the unsubscribe. The first answer comes at once, unless `initial` is false. */
    async subscribe(
      credentials: Credentials,
      live: LiveView,
      send: (event: LiveEvent) => void,
      end: () => void,
    ): Promise<() => void> {
      const unwatch = options.index
        ? await options.index.watch(
            credentials,
            live.filters,
            (overview) => send({ event: 'overview', data: overview }),
            live.overview,
            live.everyMs,
          )
        : () => {}
      if (live.list === false) {
        overviewOnly.add(end)
        return () => {
          overviewOnly.delete(end)
          unwatch()
        }
      }
      const key = `${digest(credentials.authorization)} ${live.body.toString()}`
      let view = views.get(key)
      if (!view) {
        view = {
          body: live.body,
          credentials,
          owner: live.owner ?? '',
          subscribers: new Set(),
          timer: undefined,
          refreshing: false,
          last: null,
        }
        views.set(key, view)
      }
      const subscriber: Subscriber = { everyMs: live.everyMs, sentAt: 0, lastText: null, send, end }
      view.subscribers.add(subscriber)
      schedule(view)
      // A tab that fetched the page itself (initial=0) has news at least as fresh as the last answer: it
      // hears the next refresh. Another hears the last answer at once, or costs one call.
      const last = view.last
      if (live.initial !== false && last && Date.now() - last.at < intervalOf(view)) {
        subscriber.sentAt = Date.now()
        subscriber.lastText = last.text
        send(aged(last.event, last.askedAt, subscriber.sentAt))
      } else if (live.initial !== false) {
        void refresh(view)
      }
      const current = view
      return () => {
        unwatch()
        current.subscribers.delete(subscriber)
        schedule(current)
        if (current.subscribers.size === 0) views.delete(key)
      }
    },
    /** Ends every stream now (draining before a stop). */
    endStreams() {
      for (const view of views.values()) for (const subscriber of view.subscribers) subscriber.end()
      for (const end of overviewOnly) end()
    },
    stats: () => ({
      views: views.size,
      refreshing: inFlight,
      subscribers: [...views.values()].reduce((sum, view) => sum + view.subscribers.size, 0),
    }),
    close() {
      for (const view of views.values()) clearInterval(view.timer)
      views.clear()
    },
  }
}

export type LiveHub = ReturnType<typeof createLiveHub>
