/** What one tab's stream hears from a shared feed. */
export interface FeedListener {
  /** How often the tab wants news; the feed reads at the shortest interval its tabs ask for. */
  everyMs: number
  send: (event: { event: string; data: unknown }) => void
}

interface Listener extends FeedListener {
  /** The last text this tab heard, so an answer that did not change costs it nothing. */
  heard: string | null
}

interface Feed {
  read: () => Promise<unknown>
  listeners: Set<Listener>
  timer: NodeJS.Timeout | undefined
  reading: boolean
  last: { text: string; event: { event: string; data: unknown } } | null
}

/**
 * Reads that every tab of one view would otherwise poll for itself (the failure groups' summary, the trail's
 * recent reschedules): each distinct key is read once per interval for all the tabs that listen, and a tab hears
 * an answer only when it differs from the last one it heard. A failed read says so once (`<name>-error`), so the
 * tab asks itself and shows why.
 */
export function createSharedFeeds(options: {
  name: string
  minMs: number
  mostMs?: number
  /** What a tab hears when a read fails (never the error's own text: it may name the store's internals). */
  failed: string
}) {
  const feeds = new Map<string, Feed>()
  const mostMs = options.mostMs ?? Number.POSITIVE_INFINITY

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
    try {
      const data = await feed.read()
      feed.last = { text: JSON.stringify(data), event: { event: options.name, data } }
    } catch {
      const data = { message: options.failed }
      feed.last = { text: 'error', event: { event: `${options.name}-error`, data } }
    } finally {
      feed.reading = false
    }
    deliver(feed, feed.listeners)
  }

  function schedule(feed: Feed) {
    clearInterval(feed.timer)
    if (feed.listeners.size === 0) return
    feed.timer = setInterval(() => void refresh(feed), intervalOf(feed))
    feed.timer.unref()
  }

  return {
    /**
     * Starts sending the feed of `key` (read by `read`, the first listener's) to `listener`: the last answer at
     * once if there is one, else after a read. Returns the unsubscribe.
     */
    subscribe(key: string, read: () => Promise<unknown>, listener: FeedListener): () => void {
      let feed = feeds.get(key)
      if (!feed) {
        feed = { read, listeners: new Set(), timer: undefined, reading: false, last: null }
        feeds.set(key, feed)
      }
      const own: Listener = { ...listener, heard: null }
      feed.listeners.add(own)
      schedule(feed)
      if (feed.last) deliver(feed, [own])
      else void refresh(feed)
      const current = feed
      return () => {
        current.listeners.delete(own)
        schedule(current)
        if (current.listeners.size === 0) feeds.delete(key)
      }
    },
    stats: () => ({ feeds: feeds.size, reading: [...feeds.values()].filter((feed) => feed.reading).length }),
    close() {
      for (const feed of feeds.values()) clearInterval(feed.timer)
      feeds.clear()
    },
  }
}

export type SharedFeeds = ReturnType<typeof createSharedFeeds>
