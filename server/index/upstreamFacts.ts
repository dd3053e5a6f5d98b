import { stateMeaning, type KnownExecutionState } from '../../shared/states.ts'
import type { Store } from '../store/store.ts'
import type { OrderKind } from './coverage.ts'

/** How long the index keeps to a smaller page after larger ones took too long, before it tries larger again. */
export const SLOW_CAP_MS = 10 * 60_000

/** What the index has learned of one upstream: its largest page, its order, how it spells states. */
export function createUpstreamFacts(upstream: string, store: Store | null) {
  let pageSize: number | null = null
  /** A smaller page the index uses for a while after larger ones took too long: slowness may pass, a limit not. */
  let slowCap: { size: number; until: number } | null = null
  let order: OrderKind = 'unknown'
  const spellings = new Map<KnownExecutionState, Set<string>>()
  const unknown = new Set<string>()
  let dirty = false

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
    learnStates(states: Iterable<string>) {
      for (const state of states) {
        const meaning = stateMeaning(state)
        if (meaning === null) {
          if (state !== '' && !unknown.has(state) && unknown.size < 50) {
            unknown.add(state)
            dirty = true
          }
          continue
        }
        const set = spellings.get(meaning) ?? new Set<string>()
        if (!set.has(state)) {
          set.add(state)
          spellings.set(meaning, set)
          dirty = true
        }
      }
    },
    /** Every spelling the API was seen using for a state (states are OR'ed), or the state as given. */
    spell(state: string): string[] {
      const meaning = stateMeaning(state)
      if (meaning === null) return [state]
      const seen = spellings.get(meaning)
      return seen && seen.size > 0 ? [...seen] : [meaning]
    },
    /** What the active re-scan asks for: created and started as the API spells them, and unknown states. */
    activeStates(): string[] {
      return [...this.spell('created'), ...this.spell('started'), ...unknown]
    },
    knownSpellings(): Record<string, string[]> {
      return {
        ...Object.fromEntries([...spellings].map(([meaning, set]) => [meaning, [...set]])),
        unknown: [...unknown],
      }
    },
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
      for (const [meaning, list] of Object.entries(row.spellings ?? {})) {
        if (meaning === 'unknown') list.forEach((state) => unknown.add(state))
        else this.learnStates(list)
      }
      dirty = false
    },
    async save() {
      if (!store || !dirty) return
      dirty = false
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
          throw error
        })
    },
  }
}

export type UpstreamFacts = ReturnType<typeof createUpstreamFacts>
