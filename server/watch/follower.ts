import type { ListFilters } from '../../shared/filters.ts'
import { filtersKey } from '../../shared/filtersKey.ts'
import type { WatchList, WatchNotice } from '../../shared/watches.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { Store } from '../store/store.ts'
import { composeNotice, describeChange, lookAt, viewFilters } from './lookAt.ts'
import type { KeptWatch, WatchBook } from './watchBook.ts'
import { NOTICE_CHANNEL } from './watchBook.ts'
import type { Webhook } from './webhook.ts'

/**
 * What a tab's stream hears. A notice carries its sequence as the event id (it must not be missed; a reconnect
 * resumes after it); the watches a stream hears first carry the sequence it has heard up to, so a tab that heard no
 * notice yet still resumes from where it was.
 */
export type WatchEvent =
  { event: 'watches'; data: WatchList; id?: string } | { event: 'notice'; data: WatchNotice; id: string }

interface Stream {
  send: (event: WatchEvent) => void
  end: () => void
}

interface Followed {
  credentials: Credentials
  streams: Set<Stream>
  watches: KeptWatch[]
  /** 0: read the watches from the store again on the next step. */
  loadedAt: number
  /** The index families kept fresh for these watches, by key. */
  fresh: Map<string, () => void>
  lastSent: string
  /** Followed with the server's token for as long as the user has watches, tabs open or not. */
  always: boolean
  /** The load under way (or the last), so loads never overlap. */
  loading?: Promise<void>
}

const STEP_MS = 2_000
/** Watches are read again this often (another replica, or another tab through another replica, may change them). */
const RELOAD_MS = 10_000
/** A view's count is a walk over its family: at most this often per watch. */
const VIEW_EVERY_MS = 5_000
/**
 * What one step may spend counting views (each a walk of its family: about 30 ms at a million executions). Past it,
 * the rest wait for the next step, so no number of view watches starves the requests this process answers.
 */
const VIEW_BUDGET_MS = 50
const REPLAY_LIMIT = 50

export interface FollowerOptions {
  book: WatchBook
  index: ExecutionIndex
  store: Store
  upstream: () => string
  webhook: Webhook | null
  /** With a server token the server follows every user's watches; with sign-in tokens, only while a tab is open. */
  serverCredentials: Credentials | null
  now?: () => number
  onError: (what: string, error: unknown) => void
}

/**
 * Follows watches through the index, once per user however many tabs they hold: each step looks at every watch,
 * records a change once (compare-and-set in the store, so replicas agree), and writes at most one notice per
 * watch a minute. Notices reach tabs through the store, so a tab on any replica hears every one, once.
 */
export function createWatchFollower(options: FollowerOptions) {
  const { book, index, store } = options
  const now = options.now ?? Date.now
  const followed = new Map<string, Followed>()
  const lookedAt = new Map<string, number>()
  let lastSeq: number | null = null
  let ownersReadAt = 0
  let stepping: Promise<void> | null = null
  let steps = 0

  function follow(owner: string, credentials: Credentials, always: boolean): Followed {
    let entry = followed.get(owner)
    if (!entry) {
      entry = {
        credentials,
        streams: new Set(),
        watches: [],
        loadedAt: 0,
        fresh: new Map(),
        lastSent: '',
        always,
      }
      followed.set(owner, entry)
    }
    entry.credentials = credentials
    entry.always ||= always
    return entry
  }

  function drop(owner: string, entry: Followed) {
    for (const stop of entry.fresh.values()) stop()
    followed.delete(owner)
  }

  /** Loads run one after another per user: two at once would each stop the other's families, or leak one. */
  function load(owner: string, entry: Followed): Promise<void> {
    const next = (entry.loading ?? Promise.resolve()).then(() => loadNow(owner, entry))
    entry.loading = next.catch(() => {})
    return next
  }

  async function loadNow(owner: string, entry: Followed) {
    entry.watches = await book.list(options.upstream(), owner)
    entry.loadedAt = now()
    const wanted = new Map<string, ListFilters>()
    const ids = entry.watches.flatMap((watch) => (watch.executionId ? [watch.executionId] : []))
    if (ids.length > 0) wanted.set(filtersKey({ states: [], metadata: [] }), { states: [], metadata: [] })
    for (const watch of entry.watches)
      if (watch.kind === 'view') {
        const filters = { states: [], metadata: viewFilters(watch).metadata }
        wanted.set(filtersKey(filters), filters)
      }
    const fresh = new Map<string, () => void>()
    for (const [key, filters] of wanted)
      fresh.set(key, await index.keepFresh(entry.credentials, filters, ids))
    for (const stop of entry.fresh.values()) stop()
    entry.fresh = fresh
    // Dropped meanwhile (no tab, no watch): nothing is kept fresh for it.
    if (followed.get(owner) !== entry) for (const stop of fresh.values()) stop()
  }

  async function look(owner: string, entry: Followed, spent: { ms: number }) {
    const upstream = options.upstream()
    for (const watch of entry.watches) {
      const at = now()
      if (watch.kind === 'view' && at - (lookedAt.get(watch.id) ?? 0) < VIEW_EVERY_MS) continue
      if (watch.kind === 'view' && spent.ms >= VIEW_BUDGET_MS) continue
      lookedAt.set(watch.id, at)
      const started = performance.now()
      const seen = await lookAt(index, entry.credentials, watch, at)
      if (watch.kind === 'view') spent.ms += performance.now() - started
      if (seen.key !== watch.seenKey) {
        const change = describeChange(watch, seen)
        if (!(await book.saw(watch, seen.seen, seen.key, change))) {
          entry.loadedAt = 0
          return
        }
        watch.seenKey = seen.key
        if (change !== null) watch.waitingText = [...watch.waitingText, change]
        watch.waiting = watch.waitingText.length
      }
      watch.seen = seen.seen
      const notice = await book.takeNotice(upstream, watch, (changes) => composeNotice(watch, changes))
      if (notice) {
        watch.waitingText = []
        watch.waiting = 0
        watch.notifiedAt = notice.at
        void options.webhook?.post(notice, owner)
        await store.notify(NOTICE_CHANNEL, '')
      } else if (watch.waiting > 0 && watch.notifiedAt !== null && at - watch.notifiedAt >= 60_000) {
        entry.loadedAt = 0 // another replica sent it: read the watch again
      }
    }
  }

  const snapshot = (entry: Followed): WatchList => ({
    watches: entry.watches.map(({ owner: _owner, seenKey: _key, waitingText: _text, ...watch }) => watch),
    webhook: options.webhook !== null,
  })

  function sendSnapshot(entry: Followed, force = false) {
    const list = snapshot(entry)
    const text = JSON.stringify(list)
    if (!force && text === entry.lastSent) return
    entry.lastSent = text
    for (const stream of entry.streams) stream.send({ event: 'watches', data: list })
  }

  /** Notices written since the last sent (by any replica), to the tabs of their owners on this replica. */
  async function fanOut() {
    lastSeq ??= await book.lastSeq()
    const owners = [...followed].filter(([, entry]) => entry.streams.size > 0).map(([owner]) => owner)
    for (const notice of await book.noticesAfter(options.upstream(), owners, lastSeq)) {
      lastSeq = Math.max(lastSeq, notice.seq)
      const { owner, ...data } = notice
      for (const stream of followed.get(owner)?.streams ?? [])
        stream.send({ event: 'notice', data, id: String(data.seq) })
    }
  }

  async function readOwners() {
    if (!options.serverCredentials || now() - ownersReadAt < RELOAD_MS) return
    ownersReadAt = now()
    for (const owner of await book.owners(options.upstream())) follow(owner, options.serverCredentials, true)
  }

  async function stepOnce() {
    await readOwners()
    const spent = { ms: 0 }
    // Each step starts with another user, so a budget spent early never leaves the same users waiting.
    const entries = [...followed]
    const start = entries.length > 0 ? (steps += 1) % entries.length : 0
    for (const [owner, entry] of [...entries.slice(start), ...entries.slice(0, start)]) {
      try {
        if (now() - entry.loadedAt >= RELOAD_MS) await load(owner, entry)
        // Without a tab, only the server's token may go on following (a signed-in user's token is not kept).
        if (entry.streams.size === 0 && (!entry.always || entry.watches.length === 0)) {
          drop(owner, entry)
          continue
        }
        await look(owner, entry, spent)
        sendSnapshot(entry)
      } catch (error) {
        options.onError('following watches', error)
      }
    }
    await fanOut()
  }

  const step = (): Promise<void> =>
    (stepping ??= stepOnce()
      .catch((error: unknown) => options.onError('following watches', error))
      .finally(() => (stepping = null)))

  const timer = setInterval(() => void step(), STEP_MS)
  timer.unref()
  const unlisten = store.listen(NOTICE_CHANNEL, () => void fanOut().catch(() => {}))

  return {
    /**
     * A tab's stream: hears the newest notices after `afterSeq` (at most REPLAY_LIMIT), then the user's watches
     * with the sequence heard up to as their id, then every notice as it comes and the watches on every change.
     * Notices that come while it connects wait, so the tab hears each once and in order.
     */
    async connect(owner: string, credentials: Credentials, stream: Stream, afterSeq: number | null) {
      const entry = follow(owner, credentials, false)
      const waiting: WatchEvent[] = []
      let ready = false
      let heard = -1
      const deliver = (event: WatchEvent) => {
        if (event.event === 'notice') {
          if (event.data.seq <= heard) return
          heard = event.data.seq
        }
        stream.send(event)
      }
      const tab: Stream = { send: (event) => (ready ? deliver(event) : waiting.push(event)), end: stream.end }
      entry.streams.add(tab)
      const disconnect = () => void entry.streams.delete(tab)
      try {
        if (entry.loadedAt === 0) await load(owner, entry)
        lastSeq ??= await book.lastSeq()
        // A sequence past the store's (another store, or one begun again) resumes from the store's.
        const from = afterSeq === null ? lastSeq : Math.min(afterSeq, lastSeq)
        heard = from
        for (const notice of await book.latestNoticesAfter(options.upstream(), owner, from, REPLAY_LIMIT)) {
          const { owner: _owner, ...data } = notice
          deliver({ event: 'notice', data, id: String(data.seq) })
        }
      } catch (error) {
        disconnect()
        throw error
      }
      deliver({ event: 'watches', data: snapshot(entry), id: String(heard) })
      ready = true
      for (const event of waiting.splice(0)) deliver(event)
      return disconnect
    },
    /** The user's watches as the server follows them (read from the store when nobody follows them yet). */
    async list(owner: string, credentials: Credentials): Promise<WatchList> {
      const entry = followed.get(owner) ?? follow(owner, credentials, false)
      if (entry.loadedAt === 0) await load(owner, entry)
      return snapshot(entry)
    },
    /** The user added or stopped a watch: read theirs again now and tell their tabs (the next step looks at it). */
    async changed(owner: string, credentials: Credentials) {
      const entry = follow(owner, credentials, false)
      await load(owner, entry)
      sendSnapshot(entry, true)
    },
    step,
    endStreams() {
      for (const entry of followed.values()) for (const stream of entry.streams) stream.end()
    },
    stats: () => ({
      users: followed.size,
      watches: [...followed.values()].reduce((sum, entry) => sum + entry.watches.length, 0),
      streams: [...followed.values()].reduce((sum, entry) => sum + entry.streams.size, 0),
    }),
    async close() {
      clearInterval(timer)
      await stepping
      await (
        await unlisten
      )()
      for (const [owner, entry] of [...followed]) drop(owner, entry)
    },
  }
}

export type WatchFollower = ReturnType<typeof createWatchFollower>
