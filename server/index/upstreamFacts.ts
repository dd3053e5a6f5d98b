import { stateMeaning, type KnownExecutionState } from '../../shared/states.ts'
import type { Store } from '../store/store.ts'
import type { OrderKind } from './coverage.ts'

/** Page sizes tried, largest first; a 400 that names its limit ("at most 250") jumps straight to it. */
const PAGE_SIZES = [1000, 500, 200, 100, 50, 20, 10]
const MAX_PROBE_CALLS = 5
const LIMIT_HINT =
  /(?:at most|maximum(?: of)?|max(?:imum)?(?: page size)?(?: is)?|<=|less than or equal to|up to)\s*(\d{1,6})/i

export type ProbeAnswer =
  { ok: true; rows: number; hasNext: boolean | null } | { ok: false; status: number; message: string }

/** Probe failed: what the API said to the last page size tried. */
export class ProbeFailure extends Error {}

function smallerSize(current: number, message: string): number | null {
  const hinted = Number(LIMIT_HINT.exec(message)?.[1])
  if (Number.isInteger(hinted) && hinted >= 1 && hinted < current) return hinted
  return PAGE_SIZES.find((size) => size < current) ?? null
}

/**
 * The largest `page.first` the API accepts: ask high, step down on a 400 (to the limit it names, if it names
 * one), and take a capped page (fewer rows than asked, more to come) as the cap. Returns the size and the calls.
 */
export async function probePageSize(
  ask: (first: number) => Promise<ProbeAnswer>,
): Promise<{ size: number; calls: number }> {
  let size = PAGE_SIZES[0] ?? 100
  let said = ''
  for (let calls = 1; calls <= MAX_PROBE_CALLS; calls += 1) {
    const answer = await ask(size)
    if (answer.ok) {
      const capped = answer.hasNext === true && answer.rows > 0 && answer.rows < size
      return { size: capped ? answer.rows : size, calls }
    }
    said = answer.message
    const next = answer.status === 400 || answer.status === 422 ? smallerSize(size, answer.message) : null
    if (next === null) throw new ProbeFailure(`the API refused a page of ${size}: ${answer.message}`)
    size = next
  }
  throw new ProbeFailure(`the API refused every page size tried, down to ${size}: ${said}`)
}

/** What the index has learned of one upstream: its largest page, its order, how it spells states. */
export function createUpstreamFacts(upstream: string, store: Store | null) {
  let pageSize: number | null = null
  let order: OrderKind = 'unknown'
  const spellings = new Map<KnownExecutionState, Set<string>>()
  const unknown = new Set<string>()
  let dirty = false

  return {
    upstream,
    pageSize: () => pageSize,
    setPageSize(size: number) {
      pageSize = size
      dirty = true
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
