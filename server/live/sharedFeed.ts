/** What one tab's stream hears from a shared feed. */
export interface FeedListener {
  /** How often the tab wants news; the feed reads at the shortest interval its tabs ask for. */
  everyMs: number
  send: (event: { event: string; data: unknown }) => void
}

interface Listener extends FeedListener {
  /** The last answer this tab heard, as compared, so an answer that did not change costs it nothing. */
  heard: string | null
}

interface Feed {
  read: () => Promise<unknown>
  listeners: Set<Listener>
  timer: NodeJS.Timeout | undefined
  /** The interval the timer runs at: it is set again only when that changes, so joining never delays a read. */
  timerMs: number
  reading: boolean
  last: { text: string; event: { event: string; data: unknown }; at: number } | null
}

export interface SharedFeedOptions {
  name: string
  minMs: number
  mostMs?: number
  /** What a tab hears when a read fails (never the error's own text: it may name the store's internals). */
  failed: string
  /** What of an answer counts as a change (by default all of it): leave out when it was computed. */
  changeOf?: (data: unknown) => string
  onError?: (error: unknown) => void
  now?: () => number
}

/**
 * Reads that every tab of one view would otherwise poll for itself (the failure groups' summary, the trail's
 * recent reschedules): each distinct key is read once per interval for all the tabs that listen, and a tab hears
 * an answer only when it differs from the last one it heard. A failed read says so once (`<name>-error`), so the
 * tab asks itself and shows why.
 */
export function createSharedFeeds(options: SharedFeedOptions) {
  const feeds = new Map<string, Feed>()
  const mostMs = options.mostMs ?? Number.POSITIVE_INFINITY
  const changeOf = options.changeOf ?? ((data: unknown) => JSON.stringify(data))
  const now = options.now ?? Date.now
  let closed = false

  function intervalOf(feed: Feed): number {
    const wanted = Math.min(mostMs, ...[...feed.listeners].map((listener) => listener.everyMs))
    return Math.max(options.minMs, wanted)
  }

  function deliver(feed: Feed, listeners: Iterable<Listener>) {
    const last = feed.last
    if (!last) return
    for (const listener of listeners) {
      if (listener.heard === last.text) continue
      listener.heard = last.text
      listener.send(last.event)
    }
  }

  async function refresh(feed: Feed) {
    if (feed.reading || feed.listeners.size === 0) return
    feed.reading = true
    const at = now()
    try {
      const data = await feed.read()
      feed.last = { text: changeOf(data), event: { event: options.name, data }, at }
    } catch (error) {
      options.onError?.(error)
      const data = { message: options.failed }
      feed.last = { text: 'error', event: { event: `${options.name}-error`, data }, at }
    } finally {
      feed.reading = false
    }
    deliver(feed, feed.listeners)
  }

  function schedule(feed: Feed) {
    const everyMs = feed.listeners.size === 0 || closed ? 0 : intervalOf(feed)
    if (everyMs === feed.timerMs) return
    clearInterval(feed.timer)
    feed.timerMs = everyMs
    feed.timer = undefined
    if (everyMs === 0) return
    feed.timer = setInterval(() => void refresh(feed), everyMs)
    feed.timer.unref()
  }

  return {
    /**
     * Starts sending the feed of `key` (read by `read`, the first listener's) to `listener`: the last answer at
     * once if it is younger than the feed's interval, else after a read. Returns the unsubscribe.
     */
    subscribe(key: string, read: () => Promise<unknown>, listener: FeedListener): () => void {
      if (closed) return () => {}
      let feed = feeds.get(key)
      if (!feed) {
        feed = { read, listeners: new Set(), timer: undefined, timerMs: 0, reading: false, last: null }
        feeds.set(key, feed)
      }
      const own: Listener = { ...listener, heard: null }
      feed.listeners.add(own)
      schedule(feed)
      if (feed.last && now() - feed.last.at < intervalOf(feed)) deliver(feed, [own])
      else void refresh(feed)
      const current = feed
      return () => {
        current.listeners.delete(own)
        schedule(current)
        if (current.listeners.size === 0 && feeds.get(key) === current) feeds.delete(key)
      }
    },
    stats: () => ({ feeds: feeds.size, reading: [...feeds.values()].filter((feed) => feed.reading).length }),
    close() {
      closed = true
      for (const feed of feeds.values()) clearInterval(feed.timer)
      feeds.clear()
    },
  }
}

export type SharedFeeds = ReturnType<typeof createSharedFeeds>
