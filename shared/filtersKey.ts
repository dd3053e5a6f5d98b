import type { ListFilters } from './filters.ts'

// Apart from filters.ts, which the first load takes whole: only lazily loaded parts (the overview, the digest, the
// tools) key things by a filter set.

/** One canonical text per filter set: states and metadata sorted, so equal filters share a key. */
export function filtersKey(filters: ListFilters): string {
  const states = [...new Set(filters.states)].sort()
  const metadata = [...filters.metadata]
    .map((entry) => ({ key: entry.key, values: [...new Set(entry.values)].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return JSON.stringify({ states, metadata })
}
