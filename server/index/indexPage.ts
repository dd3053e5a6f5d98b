import { finishedDuration, type ListSort } from '../../shared/listSort.ts'
import { stateMatcher, type WindowBounds } from './counting.ts'
import type { Family } from './family.ts'
import type { IndexedExecution } from './rows.ts'

/**
 * Orders the index can page in (shared/listSort): newest created or updated first, by state (most in need
 * first), or longest finished first.
 */
export type IndexSort = ListSort

export interface IndexPageRequest {
  states: readonly string[]
  window: WindowBounds | null
  sort: IndexSort
  first: number
  after: string | null
  /** Only these executions (a bulk run's frozen set); absent: every member of the family. */
  ids?: ReadonlySet<string>
}

export interface IndexPage {
  rows: IndexedExecution[]
  hasNext: boolean
  endCursor: string | null
}

/** Failed first, then what runs and waits, unknown states, and what succeeded. */
const STATE_RANK: Record<string, number> = { failed: 0, started: 1, created: 2, succeed: 4 }
const rankOf = (row: IndexedExecution) => (row.outcomePending ? 3 : (STATE_RANK[row.meaning ?? ''] ?? 3))

type Key = [rank: number, time: number, id: string]

/** How long a finished execution took (shared/listSort); null while it runs, its outcome is checked, or unknown. */
export const durationOf = (row: IndexedExecution): number | null =>
  row.outcomePending ? null : finishedDuration(row.meaning, row.createdAt, row.updatedAt)

function keyOf(row: IndexedExecution, sort: IndexSort): Key {
  if (sort === 'duration') {
    // Finished ones by how long they took, then the rest (running, unknown) newest created first.
    const duration = durationOf(row)
    return duration === null ? [1, row.createdAt ?? -Infinity, row.id] : [0, duration, row.id]
  }
  const time = (sort === 'updated' ? row.updatedAt : row.createdAt) ?? -Infinity
  return [sort === 'state' ? rankOf(row) : 0, time, row.id]
}

/** Negative when `a` comes first: rank ascending, then time and id descending. */
function compare(a: Key, b: Key): number {
  if (a[0] !== b[0]) return a[0] - b[0]
  if (a[1] !== b[1]) return b[1] - a[1]
  return a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0
}

export function encodeIndexCursor(key: Key): string {
  return Buffer.from(JSON.stringify([key[0], Number.isFinite(key[1]) ? key[1] : null, key[2]])).toString(
    'base64url',
  )
}

/** The key a cursor stands for, or null when it is not one this server made. */
export function decodeIndexCursor(cursor: string): Key | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (!Array.isArray(parsed) || parsed.length !== 3) return null
    const [rank, time, id] = parsed as unknown[]
    if (typeof rank !== 'number' || (time !== null && typeof time !== 'number') || typeof id !== 'string')
      return null
    return [rank, time ?? -Infinity, id]
  } catch {
    return null
  }
}

/** Whether a row lies in the window (on created or updated time); rows without that time lie in no window. */
function inWindow(row: IndexedExecution, window: WindowBounds | null): boolean {
  if (!window || (window.from === null && window.to === null)) return true
  const time = window.field === 'created' ? row.createdAt : row.updatedAt
  if (time === null) return false
  return (window.from === null || time >= window.from) && (window.to === null || time < window.to)
}

/** Keeps `best` sorted and at most `keep` long, inserting `entry` where it belongs (binary search). */
function keepBest(
  best: { key: Key; row: IndexedExecution }[],
  entry: { key: Key; row: IndexedExecution },
  keep: number,
) {
  const worst = best[keep - 1]
  if (best.length === keep && worst && compare(entry.key, worst.key) >= 0) return
  let low = 0
  let high = best.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const other = best[middle]
    if (other && compare(other.key, entry.key) < 0) low = middle + 1
    else high = middle
  }
  best.splice(low, 0, entry)
  if (best.length > keep) best.pop()
}

/** The family's members, or those of them among `ids` (looked up one by one when they are the fewer). */
function* candidatesOf(family: Family, ids: ReadonlySet<string> | undefined): Iterable<IndexedExecution> {
  if (!ids) {
    yield* family.members.values()
    return
  }
  if (ids.size < family.members.size) {
    for (const id of ids) {
      const row = family.members.get(id)
      if (row) yield row
    }
    return
  }
  for (const row of family.members.values()) if (ids.has(row.id)) yield row
}

/**
 * One page of the family's members in `sort` order, after `after`: a single pass that keeps the best `first + 1`
 * rows (so a page of a million rows costs one walk, not a sort).
 */
export function pageOfFamily(family: Family, request: IndexPageRequest): IndexPage {
  const matches = stateMatcher(request.states)
  const after = request.after === null ? null : decodeIndexCursor(request.after)
  const keep = request.first + 1
  const best: { key: Key; row: IndexedExecution }[] = []
  for (const row of candidatesOf(family, request.ids)) {
    if (!matches(row) || !inWindow(row, request.window)) continue
    const key = keyOf(row, request.sort)
    if (after && compare(key, after) <= 0) continue
    keepBest(best, { key, row }, keep)
  }
  const page = best.slice(0, request.first)
  const last = page.at(-1)
  return {
    rows: page.map((entry) => entry.row),
    hasNext: best.length > request.first,
    endCursor: last ? encodeIndexCursor(last.key) : null,
  }
}
