import type { WindowBounds } from './counting.ts'
import { createOrderTracker, type Coverage, type OrderKind, type OrderTracker } from './coverage.ts'
import { pendingReason, type Family } from './family.ts'

/**
 * Rows seen in falling created_at order before a walk's own order is believed when the index has not learned the
 * API's order before: 20 rows of an unordered list fall all the way with a chance of 1 in 20!.
 */
export const MIN_FALLS = 20

export const NEWEST_FIRST_BASIS = "the API lists newest first and the walk passed the window's start"

/** A whole scan as it goes: the order of what it saw, and each time it reached an older created_at. */
export interface WalkProgress {
  startedAt: number
  order: OrderTracker
  /** The oldest created_at seen so far, each time it got older, with the family's calls by then. */
  reached: { oldest: number; calls: number }[]
}

export const startWalk = (startedAt: number): WalkProgress => ({
  startedAt,
  order: createOrderTracker(),
  reached: [],
})

/** Takes in the created_at of a page's rows, in the order the API listed them. */
export function walkSaw(walk: WalkProgress, createdAts: readonly (number | null)[], calls: number) {
  const before = walk.reached.at(-1)?.oldest ?? Infinity
  let oldest = before
  for (const createdAt of createdAts) {
    walk.order.see(createdAt)
    if (createdAt !== null && createdAt < oldest) oldest = createdAt
  }
  if (oldest < before) walk.reached.push({ oldest, calls })
}

/**
 * Whether everything the walk saw so far is newest created first, and the API can be believed to go on so:
 * learned by an earlier whole scan, or seen often enough in this one. A walk that saw a row newer than the one
 * before is never believed, whatever was learned before.
 */
function walkedNewestFirst(walk: WalkProgress, learned: OrderKind): boolean {
  const seen = walk.order.verdict()
  if (seen === 'unknown') return learned === 'created_desc'
  if (seen !== 'created_desc') return false
  return learned === 'created_desc' || (learned === 'unknown' && walk.order.falls() >= MIN_FALLS)
}

/**
 * A created_at window's coverage before the whole scan has ended, or null when it cannot say more than the family's:
 * on an API that lists newest first, once the walk reached an execution created before the window's start, every
 * execution created in the window (up to when the walk began) has been seen.
 */
export function windowCoverage(
  family: Family,
  window: WindowBounds | null,
  learned: OrderKind,
  pending: number,
): Coverage | null {
  const walk = family.walk
  if (walk === null || family.phase === 'complete') return null
  if (window === null || window.field !== 'created' || window.from === null) return null
  if (!walkedNewestFirst(walk, learned)) return null
  const from = window.from
  const passed = walk.reached.find((mark) => mark.oldest < from)
  if (!passed) return null
  const common = { asOf: walk.startedAt, executions: family.members.size, calls: passed.calls }
  if (pending > 0) return { kind: 'at_least', ...common, reason: pendingReason(pending), allKnown: true }
  return { kind: 'exact', ...common, basis: NEWEST_FIRST_BASIS }
}
