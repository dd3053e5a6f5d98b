import { randomUUID } from 'node:crypto'
import type { Watch, WatchNotice, WatchSeen, WatchThreshold } from '../../shared/watches.ts'
import { NOTICE_EVERY_MS, WATCH_LIMITS } from '../../shared/watches.ts'
import type { Store } from '../store/store.ts'

/** The channel on which a replica that wrote a notice tells every replica (they send it to their tabs). */
export const NOTICE_CHANNEL = 'watch_notices'
/** Changes kept waiting for the next notice: the count goes on, the words of the oldest are let go. */
const MAX_WAITING = 20
const DAY_MS = 86_400_000

export type NewWatch =
  | { kind: 'execution'; executionId: string; label: string }
  | { kind: 'view'; view: string; label: string; threshold: WatchThreshold }

interface WatchRow {
  id: string
  owner: string
  kind: 'execution' | 'view'
  label: string
  execution_id: string | null
  view_query: string | null
  threshold: WatchThreshold | null
  created_at: number
  seen: WatchSeen | null
  seen_key: string | null
  waiting: string[]
  notified_at: number | null
}

/** A watch as the follower works with it: the row, with what it last saw as one comparable key. */
export type KeptWatch = Watch & { owner: string; seenKey: string | null; waitingText: string[] }

const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value)

function fromRow(row: WatchRow): KeptWatch {
  const waiting = (json(row.waiting) as string[] | null) ?? []
  return {
    id: row.id,
    owner: row.owner,
    kind: row.kind,
    label: row.label,
    executionId: row.execution_id,
    view: row.view_query,
    threshold: json(row.threshold) as WatchThreshold | null,
    createdAt: Number(row.created_at),
    seen: json(row.seen) as WatchSeen | null,
    seenKey: row.seen_key,
    notifiedAt: row.notified_at === null ? null : Number(row.notified_at),
    waiting: waiting.length,
    waitingText: waiting,
  }
}

export class WatchLimitError extends Error {}

const noticeColumns = 'seq, owner, watch_id, at, title, body, changes, execution_id'

const noticeOf = (row: Record<string, unknown>): WatchNotice & { owner: string } => ({
  seq: Number(row.seq),
  owner: String(row.owner),
  watchId: String(row.watch_id),
  at: Number(row.at),
  title: String(row.title),
  body: String(row.body),
  changes: Number(row.changes),
  executionId: typeof row.execution_id === 'string' ? row.execution_id : null,
})

/**
 * Watches and their notices in the store, per upstream and owner (the name the audit trail uses, never a token).
 * Every write that could race another replica is a compare-and-set, so two replicas following one watch record a
 * change once and send its notice once.
 */
export function createWatchBook(store: Store, options: { retentionDays: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const columns = `id, owner, kind, label, execution_id, view_query, threshold, created_at, seen, seen_key, waiting,
    notified_at`
  const select = `select ${columns} from watches`
  return {
    async list(upstream: string, owner: string): Promise<KeptWatch[]> {
      const rows = await store.query<WatchRow>(
        `${select} where upstream = $1 and owner = $2 order by created_at, id`,
        [upstream, owner],
      )
      return rows.map(fromRow)
    },
    /** Everyone's watches at this upstream (a server token follows them all, tabs open or not). */
    async owners(upstream: string): Promise<string[]> {
      const rows = await store.query<{ owner: string }>(
        `select distinct owner from watches where upstream = $1`,
        [upstream],
      )
      return rows.map((row) => row.owner)
    },
    /** Adds a watch; the same execution or view watched twice is the one watch. */
    async add(upstream: string, owner: string, watch: NewWatch): Promise<KeptWatch> {
      const mine = await this.list(upstream, owner)
      const same = mine.find((kept) =>
        watch.kind === 'execution'
          ? kept.executionId === watch.executionId
          : kept.view === watch.view && JSON.stringify(kept.threshold) === JSON.stringify(watch.threshold),
      )
      if (same) return same
      if (mine.length >= WATCH_LIMITS.perUser)
        throw new WatchLimitError(
          `You watch ${mine.length} things already, the most one user may; stop watching one first.`,
        )
      const rows = await store.query<WatchRow>(
        `insert into watches (id, upstream, owner, kind, label, execution_id, view_query, threshold, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${columns}`,
        [
          randomUUID(),
          upstream,
          owner,
          watch.kind,
          watch.label,
          watch.kind === 'execution' ? watch.executionId : null,
          watch.kind === 'view' ? watch.view : null,
          watch.kind === 'view' ? JSON.stringify(watch.threshold) : null,
          now(),
        ],
      )
      if (!rows[0]) throw new Error('the store wrote no watch')
      return fromRow(rows[0])
    },
    /** True when it was there (and was this owner's). */
    async remove(upstream: string, owner: string, id: string): Promise<boolean> {
      const rows = await store.query<{ id: string }>(
        `delete from watches where upstream = $1 and owner = $2 and id = $3 returning id`,
        [upstream, owner, id],
      )
      return rows.length > 0
    },
    /**
     * Records what was seen, if nobody recorded something else since `before` (another replica). A change (`change`
     * in words) waits for the next notice. False: another replica was first; read the watch again.
     */
    async saw(watch: KeptWatch, seen: WatchSeen, key: string, change: string | null): Promise<boolean> {
      const waiting = change === null ? watch.waitingText : [...watch.waitingText, change]
      const rows = await store.query<{ id: string }>(
        `update watches set seen = $1, seen_key = $2, waiting = $3
         where id = $4 and seen_key is not distinct from $5 returning id`,
        [JSON.stringify(seen), key, JSON.stringify(waiting.slice(-MAX_WAITING)), watch.id, watch.seenKey],
      )
      return rows.length > 0
    },
    /**
     * Takes the changes waiting on a watch for a notice, at most once a minute per watch: the replica whose update
     * wins writes the notice; null when there is nothing due or another replica took them.
     */
    async takeNotice(
      upstream: string,
      watch: KeptWatch,
      compose: (changes: string[]) => { title: string; body: string },
    ): Promise<WatchNotice | null> {
      const at = now()
      if (watch.waiting === 0 || (watch.notifiedAt !== null && at - watch.notifiedAt < NOTICE_EVERY_MS))
        return null
      // The locking read re-checks its conditions once a concurrent taker commits: the second taker finds nothing.
      const taken = await store.query<{ waiting: unknown }>(
        `with old as (
           select id, waiting from watches
           where id = $2 and notified_at is not distinct from $3 and waiting <> '[]'::jsonb for update
         )
         update watches w set waiting = '[]'::jsonb, notified_at = $1 from old
         where w.id = old.id and w.notified_at is not distinct from $3 returning old.waiting`,
        [at, watch.id, watch.notifiedAt],
      )
      if (!taken[0]) return null
      const changes = (json(taken[0].waiting) as string[] | null) ?? []
      const { title, body } = compose(changes)
      const rows = await store.query<{ seq: string | number }>(
        `insert into watch_notices (upstream, owner, watch_id, at, title, body, changes, execution_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning seq`,
        [upstream, watch.owner, watch.id, at, title, body, changes.length, watch.executionId],
      )
      return {
        seq: Number(rows[0]?.seq ?? 0),
        watchId: watch.id,
        at,
        title,
        body,
        changes: changes.length,
        executionId: watch.executionId,
      }
    },
    /** Notices after `seq` for these owners, oldest first (what a replica has not sent its tabs yet). */
    async noticesAfter(
      upstream: string,
      owners: readonly string[],
      seq: number,
      limit = 200,
    ): Promise<(WatchNotice & { owner: string })[]> {
      if (owners.length === 0) return []
      const rows = await store.query<Record<string, unknown>>(
        `select ${noticeColumns} from watch_notices
         where upstream = $1 and owner = any($2) and seq > $3 order by seq limit $4`,
        [upstream, owners, seq, limit],
      )
      return rows.map(noticeOf)
    },
    /** The newest `limit` of one user's notices after `seq`, oldest first: what a tab back after a while is told. */
    async latestNoticesAfter(upstream: string, owner: string, seq: number, limit: number) {
      const rows = await store.query<Record<string, unknown>>(
        `select ${noticeColumns} from watch_notices
         where upstream = $1 and owner = $2 and seq > $3 order by seq desc limit $4`,
        [upstream, owner, seq, limit],
      )
      return rows.map(noticeOf).reverse()
    },
    async lastSeq(): Promise<number> {
      const rows = await store.query<{ seq: string | number | null }>(
        `select max(seq) as seq from watch_notices`,
      )
      return Number(rows[0]?.seq ?? 0)
    },
    async prune(): Promise<number> {
      const rows = await store.query<{ seq: unknown }>(
        `delete from watch_notices where at < $1 returning seq`,
        [now() - options.retentionDays * DAY_MS],
      )
      return rows.length
    },
  }
}

export type WatchBook = ReturnType<typeof createWatchBook>
