import { SHAPE_SAMPLE, type ShapeSample } from '../../shared/triage.ts'
import type { IndexedExecution } from '../index/rows.ts'
import type { ShapeReading } from './shapeSampler.ts'

/** Reads the attempt shapes of rows (queuing the unknown ones); null on a server that cannot read them. */
export type ShapeReader = ((rows: readonly IndexedExecution[]) => ShapeReading) | null

/** At most this many failures of one board have their attempts read: the largest groups first. */
export const MOST_SAMPLED_PER_BOARD = 1_000

/** FNV-1a: a fixed, well spread number per id. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * At most `size` members spread over the group by their ids' hashes: the same sample while the group is the same,
 * and a new failure only enters it when its hash is among the smallest, so reads already made stay useful.
 */
export function sampleOf(members: readonly IndexedExecution[], size = SHAPE_SAMPLE): IndexedExecution[] {
  if (members.length <= size) return [...members]
  const best: { hash: number; row: IndexedExecution }[] = []
  for (const row of members) {
    const hash = hashOf(row.id)
    const worst = best[size - 1]
    if (
      best.length === size &&
      worst &&
      (hash > worst.hash || (hash === worst.hash && row.id >= worst.row.id))
    )
      continue
    let low = 0
    let high = best.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const other = best[middle] as { hash: number; row: IndexedExecution }
      if (other.hash < hash || (other.hash === hash && other.row.id < row.id)) low = middle + 1
      else high = middle
    }
    best.splice(low, 0, { hash, row })
    if (best.length > size) best.pop()
  }
  return best.map((entry) => entry.row)
}

/** What a reading of a sample says: how much was read, and its commonest shapes. */
export function shapeSample(sampled: number, reading: ShapeReading): ShapeSample {
  const counts = new Map<string, number>()
  for (const shape of reading.known.values()) counts.set(shape.label, (counts.get(shape.label) ?? 0) + 1)
  const top = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([label, count]) => ({ label, count }))
  return { sampled, read: reading.known.size, unreadable: reading.unreadable, pending: reading.pending, top }
}

export interface ShapeDraft {
  id: string
  label: string
  members: IndexedExecution[]
}

/** The failures of a sample grouped by the shape of their attempts, commonest first; unread ones are in none. */
export function draftShapeGroups(
  failed: readonly IndexedExecution[],
  read: ShapeReader,
): { drafts: ShapeDraft[]; sample: Omit<ShapeSample, 'top'> } {
  const sampled = sampleOf(failed)
  const reading: ShapeReading = read
    ? read(sampled)
    : { known: new Map(), unreadable: 0, pending: sampled.length }
  const groups = new Map<string, ShapeDraft>()
  for (const row of sampled) {
    const shape = reading.known.get(row.id)
    if (!shape) continue
    const group = groups.get(shape.key) ?? { id: `shape:${shape.key}`, label: shape.label, members: [] }
    group.members.push(row)
    groups.set(shape.key, group)
  }
  const drafts = [...groups.values()].sort(
    (a, b) => b.members.length - a.members.length || a.id.localeCompare(b.id),
  )
  const { top: _top, ...sample } = shapeSample(sampled.length, reading)
  return { drafts, sample }
}
