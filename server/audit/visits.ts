import type { Store } from '../store/store.ts'

const DAY_MS = 86_400_000
/** Longer than any view key the filter codec writes within its 2,048-character limit per filter. */
const MAX_KEY = 16_384

/**
 * When each user last looked at each view (its filters), per upstream: what "since you last looked" counts from.
 * The owner is the name the audit trail uses (never a token); rows older than the retention are pruned.
 */
export function createVisitBook(store: Store, options: { retentionDays: number; now?: () => number }) {
  const now = options.now ?? Date.now
  return {
    async lastSeen(upstream: string, owner: string, view: string): Promise<number | null> {
      const rows = await store.query<{ seen_at: number }>(
        `select seen_at from view_visits where upstream = $1 and owner = $2 and view_key = $3`,
        [upstream, owner, view.slice(0, MAX_KEY)],
      )
      return rows[0] ? Number(rows[0].seen_at) : null
    },
    /** Records a look at `at`; an older report (a tab that was slow to say so) never moves it back. */
    async markSeen(upstream: string, owner: string, view: string, at = now()): Promise<void> {
      await store.query(
        `insert into view_visits (upstream, owner, view_key, seen_at) values ($1, $2, $3, $4)
         on conflict (upstream, owner, view_key) do update set seen_at = greatest(view_visits.seen_at, excluded.seen_at)`,
        [upstream, owner, view.slice(0, MAX_KEY), at],
      )
    },
    async prune(): Promise<number> {
      const rows = await store.query<{ owner: string }>(
        `delete from view_visits where seen_at < $1 returning owner`,
        [now() - options.retentionDays * DAY_MS],
      )
      return rows.length
    },
  }
}

export type VisitBook = ReturnType<typeof createVisitBook>
