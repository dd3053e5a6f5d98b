import type { Store } from '../store/store.ts'
import { createStateSpellings, type StateSpellings } from '../upstream/stateSpellings.ts'
import type { OrderKind } from './coverage.ts'

/** How long the index keeps to a smaller page after larger ones took too long, before it tries larger again. */
export const SLOW_CAP_MS = 10 * 60_000

/** What the index has learned of one upstream: its largest page, its order, how it spells states. */
export function createUpstreamFacts(
  upstream: string,
  store: Store | null,
  spellings: StateSpellings = createStateSpellings(),
) {
  let pageSize: number | null = null
  /** A smaller page the index uses for a while after larger ones took too long: slowness may pass, a limit not. */
  let slowCap: { size: number; until: number } | null = null
  let order: OrderKind = 'unknown'
  let dirty = false
  /** The spellings' version the store has. */
  let savedSpellings = spellings.version()

  return {
    upstream,
    /** The largest page the API accepts, as learned (null: not yet). */
    pageSize: () => pageSize,
    setPageSize(size: number) {
      pageSize = size
      dirty = true
    },
    /** The page the index's own walks ask for: the largest accepted, or smaller while larger ones are too slow. */
    walkSize(): number | null {
      if (slowCap !== null && Date.now() >= slowCap.until) slowCap = null
      return pageSize === null || slowCap === null ? pageSize : Math.min(pageSize, slowCap.size)
    },
    /** Pages above `size` took too long: the walks ask for `size` for SLOW_CAP_MS, then try larger again. */
    capSlow(size: number) {
      slowCap = { size, until: Date.now() + SLOW_CAP_MS }
    },
    order: () => order,
    setOrder(kind: OrderKind) {
      if (kind === 'unknown' || kind === order) return
      order = kind
      dirty = true
    },
    /** Records how an answer spelled its states. */
    learnStates: (states: Iterable<string>) => spellings.learn(states),
    /** Every spelling the API was seen using for a state (states are OR'ed), or the state as given. */
    spell: (state: string) => spellings.spell(state),
    /** What the active re-scan asks for: created and started as the API spells them, and unknown states. */
    activeStates(): string[] {
      return [...spellings.spell('created'), ...spellings.spell('started'), ...spellings.unknown()]
    },
    knownSpellings: () => spellings.snapshot(),
    async load() {
      if (!store) return
      const rows = await store.query<{
        page_size: number | null
        order_kind: string | null
        spellings: Record<string, string[]>
      }>('select page_size, order_kind, spellings from upstream_facts where upstream = $1', [upstream])
      const row = rows[0]
      if (!row) return
      pageSize = row.page_size
      order = (row.order_kind as OrderKind | null) ?? 'unknown'
      spellings.restore(row.spellings ?? {})
      dirty = false
      savedSpellings = spellings.version()
    },
    async save() {
      const version = spellings.version()
      if (!store || (!dirty && version === savedSpellings)) return
      dirty = false
      savedSpellings = version
      await store
        .query(
          `insert into upstream_facts (upstream, page_size, page_size_probed_at, order_kind, order_checked_at, spellings)
         values ($1, $2, $3, $4, $3, $5::jsonb)
         on conflict (upstream) do update set page_size = excluded.page_size, page_size_probed_at = excluded.page_size_probed_at,
           order_kind = excluded.order_kind, order_checked_at = excluded.order_checked_at, spellings = excluded.spellings`,
          [upstream, pageSize, Date.now(), order, JSON.stringify(this.knownSpellings())],
        )
        .catch((error: unknown) => {
          dirty = true
          savedSpellings = -1
          throw error
        })
    },
  }
}

export type UpstreamFacts = ReturnType<typeof createUpstreamFacts>
