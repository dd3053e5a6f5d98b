import type { IndexSettings } from './settings.ts'
import type { HeldLock, Store } from '../store/store.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import type { MetadataFilter } from '../../shared/filters.ts'
import { FAMILY_IDLE_MS, familyKey, forgetVerification, loadedFamily, type Family } from './family.ts'
import { createPartition, type Partition } from './partition.ts'
import {
  flushPartition,
  partitionKey,
  startMark,
  syncPartition,
  type StoredPartition,
  type SyncMark,
} from './persistence.ts'
import { readSummaries, readSummary, type SummarizedFamily } from './readBack.ts'
import { refreshFamily } from './refresh.ts'
import { verifyRound } from './rounds.ts'
import type { ScanContext } from './scanner.ts'
import type { UpstreamFacts } from './upstreamFacts.ts'

/** A round that failed or stopped early is tried again after this long (the budget backs off on its own as well). */
const RETRY_MS = 30_000
const LOCK_RETRY_MS = 2_000
const FLUSH_EVERY_MS = 1_000
const SYNC_EVERY_MS = 5_000

/** A view whose refreshes keep finding nothing is refreshed up to this many times less often. */
const QUIET_BACK_OFF = 4

/**
 * How often a family is refreshed: as often as its most eager viewer looks (`paces`, each viewer's interval), never
 * more often than `refreshMs` (wanted by requests alone: `refreshMs`); after `quiet` refreshes in a row that found
 * nothing, twice, then four times less often. A tab that refreshes every 10 s gains nothing from counts read every
 * 5 s, and on a quiet API one tab cost it 23 refresh calls a minute (issue 49 §2b). What a tab's own page shows
 * reaches the index at once whatever the pace (live/hub.ts).
 */
export function refreshPace(paces: readonly number[], refreshMs: number, quiet = 0): number {
  const viewers = paces.length === 0 ? refreshMs : Math.max(refreshMs, Math.min(...paces))
  return viewers * Math.min(QUIET_BACK_OFF, 2 ** quiet)
}

export interface RuntimeDeps {
  client: UpstreamClient
  store: Store | null
  facts: UpstreamFacts
  settings: IndexSettings
  upstream: string
  now: () => number
  onError: (what: string, error: unknown) => void
  /**
   * The store's planner statistics brought up to date, once per process: a partition is read back after it, and
   * its summaries before it (analysing a million rows takes over a second).
   */
  planned: () => Promise<void>
}

/**
 * One partition as this replica runs it: the leader (holding its lock) scans and writes; a follower reads
 * what the leader wrote. Without a shared store (embedded) this replica is always the leader.
 */
export function createRuntime(id: string, credential: string, deps: RuntimeDeps) {
  const partition: Partition = createPartition(id, deps.now)
  /** Per family, the interval each of its viewers refreshes at (a watch: the refresh interval). */
  const watchers = new Map<string, number[]>()
  const mark: SyncMark = startMark()
  let authorization: string | null = null
  let usedAt = deps.now()
  let lock: HeldLock | null = null
  let lockTriedAt = 0
  let controller = new AbortController()
  let flushing: Promise<unknown> | null = null
  let flushedAt = 0
  let syncedAt = 0
  let syncWanted = false
  let stored: Promise<StoredPartition> | null = null
  /** The partition's key in the store, asked for once. */
  const inStore = (store: Store) =>
    (stored ??= partitionKey(store, id, deps.upstream, credential).catch((error: unknown) => {
      // Asked again next time: a store that was briefly away must not leave this partition without a key.
      stored = null
      throw error
    }))
  const store = deps.store
  // Without them, overviews wait for the rows to be read back: never an answer the rows would not give.
  const summaries: Promise<Map<string, SummarizedFamily>> = store
    ? inStore(store)
        .then((key) => readSummaries(store, key.key))
        .catch(() => new Map<string, SummarizedFamily>())
    : Promise.resolve(new Map<string, SummarizedFamily>())
  let rowsIn = store === null
  let loaded: Promise<void> = store
    ? summaries
        .then(() => deps.planned())
        .then(() => inStore(store))
        .then((key) => syncPartition(store, partition, key, mark))
        .then(() => undefined)
    : Promise.resolve()
  loaded = loaded
    .catch((error: unknown) => {
      deps.onError('loading the index', error)
      for (const family of partition.families.values()) forgetVerification(family)
    })
    .finally(() => {
      rowsIn = true
    })

  const context = (): ScanContext => ({
    client: deps.client,
    partition,
    facts: deps.facts,
    authorization: () => authorization,
    settings: deps.settings,
    signal: controller.signal,
    now: deps.now,
  })

  const isWanted = (family: Family) =>
    (watchers.get(family.key)?.length ?? 0) > 0 || deps.now() - family.wantedAt < FAMILY_IDLE_MS

  /**
   * Rounds one after another (a round starts at most as often as the family's viewers look, and after trouble once
   * in RETRY_MS), and between them, at that pace or slower while nothing changes, the refreshes that bring news.
   */
  function plan() {
    const now = deps.now()
    const ctx = context()
    for (const family of partition.families.values()) {
      if (!isWanted(family)) continue
      // Rounds go at the viewers' pace, quiet or not: a view of one page is verified by them alone.
      const paces = watchers.get(family.key) ?? []
      const viewers = refreshPace(paces, deps.settings.refreshMs)
      const every = refreshPace(paces, deps.settings.refreshMs, family.quietRefreshes)
      family.paceMs = every
      const since = now - family.roundStartedAt
      const troubled = family.phase === 'failed' || family.phase === 'partial' || family.roundTrouble !== null
      const due = family.phase === 'new' || since >= (troubled ? RETRY_MS : viewers)
      if (!family.scanning && due) void verifyRound(ctx, family)
      if (family.verifiedAt !== null && !family.refreshing && now - family.refreshedAt >= every)
        void refreshFamily(ctx, family)
    }
  }

  async function lead(): Promise<boolean> {
    if (lock?.held()) return true
    if (lock) {
      // The connection holding it ended: another replica may scan now; stop and read instead.
      lock = null
      controller.abort()
      controller = new AbortController()
    }
    if (!deps.store || deps.now() - lockTriedAt < LOCK_RETRY_MS) return deps.store === null
    lockTriedAt = deps.now()
    lock = await deps.store.tryLock(`index ${id}`)
    if (lock) await syncPartition(deps.store, partition, await inStore(deps.store), mark)
    return lock !== null
  }

  async function flush(now = false) {
    const store = deps.store
    if (!store) return
    if (flushing) {
      if (!now) return
      await flushing.catch(() => {})
    }
    if (!now && deps.now() - flushedAt < FLUSH_EVERY_MS) return
    flushedAt = deps.now()
    const writing = inStore(store).then((key) => flushPartition(store, partition, key))
    flushing = writing
    try {
      await writing
    } finally {
      flushing = null
    }
  }

  async function sync() {
    if (!deps.store || (!syncWanted && deps.now() - syncedAt < SYNC_EVERY_MS)) return
    syncWanted = false
    syncedAt = deps.now()
    await syncPartition(deps.store, partition, await inStore(deps.store), mark)
  }

  return {
    id,
    partition,
    loaded: () => loaded,
    /** The partition is read back from the store (or there is none): its answers are its own from now on. */
    isLoaded: () => rowsIn,
    /**
     * While the partition is read back: the family of `metadata` as the store had it, with its summary (null: it
     * had none, or the rows are in). Once they are, the family is wanted as an asked one is.
     */
    async readBack({ metadata }: { metadata: readonly MetadataFilter[] }, { client }: { client?: string }) {
      if (rowsIn) return null
      const key = familyKey(metadata)
      const stored = (await summaries).get(key)
      const summary = readSummary(stored?.summary)
      if (!stored || !summary || rowsIn) return null
      void loaded.then(() => {
        try {
          partition.family(metadata, client).wantedAt = deps.now()
        } catch {
          // Refused (the client's families are at their cap): its next request hears why.
        }
      })
      return { family: loadedFamily(key, stored), summary }
    },
    use(newAuthorization: string) {
      authorization = newAuthorization
      usedAt = deps.now()
    },
    usedAt: () => usedAt,
    /** Who keeps this partition: this replica, another one, or nobody known yet (no lock tried). */
    scanner(): 'this replica' | 'another replica' | 'not known yet' {
      if (deps.store === null || deps.store.kind === 'embedded' || lock?.held()) return 'this replica'
      return lockTriedAt === 0 ? 'not known yet' : 'another replica'
    },
    isLeader: () => deps.store === null || deps.store.kind === 'embedded' || (lock?.held() ?? false),
    /** Keeps `family` refreshed (every `everyMs`, or the refresh interval) until the returned stop. */
    watch(family: Family, everyMs = deps.settings.refreshMs): () => void {
      watchers.set(family.key, [...(watchers.get(family.key) ?? []), everyMs])
      return () => {
        const paces = watchers.get(family.key) ?? []
        const at = paces.indexOf(everyMs)
        if (at >= 0) paces.splice(at, 1)
        // No key per family ever watched: distinct filters come and go over a process's life.
        if (paces.length === 0) watchers.delete(family.key)
      }
    },
    watching: () => [...watchers.values()].some((paces) => paces.length > 0),
    /** Another replica wrote this partition. */
    heardChange() {
      syncWanted = true
    },
    /** One step: lead or follow, scan, write, read. */
    async tick() {
      await loaded
      if (![...partition.families.values()].some(isWanted)) return
      if (await lead()) {
        plan()
        await flush()
      } else {
        await sync()
      }
    },
    async close() {
      controller.abort()
      authorization = null
      if (lock?.held()) {
        // What is owed is written before the lock goes, so the next replica (or restart) starts from it.
        await flush(true).catch((error: unknown) => deps.onError('writing the index', error))
        await lock.release()
      }
      lock = null
    },
  }
}

export type Runtime = ReturnType<typeof createRuntime>
