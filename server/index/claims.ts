/*
 * What the index may claim of a family's counts: the one place the rule "exact only for what was verified" is
 * applied (decision 26). Every answer of the index (overview, list, rows, lookups, live views) takes its coverage
 * from `claimOf`, and nothing else words a claim.
 *
 * - Exact as of T: a round (a whole walk of the family's list) that began at T ended where the API said there
 *   was no more, and every member it did not find again has been found again or is known to be gone. The time is
 *   the round's start, the oldest verification the claim rests on; what refreshes see later moves the counts,
 *   never T.
 * - A claim that rests on an order (a window counted before the first round ended) is never exact: it says what
 *   it rests on, and it goes the moment a walk sees that order broken.
 */
import type { Coverage, OrderKind } from './coverage.ts'
import type { WindowBounds } from './counting.ts'
import { unconfirmedCount, type Family } from './family.ts'
import type { WalkProgress } from './walkProgress.ts'

/**
 * Rows seen in falling created_at order before a walk's own order is believed when the index has not learned the
 * API's order before: 20 rows of an unordered list fall all the way with a chance of 1 in 20!.
 */
export const MIN_FALLS = 20

export const IF_ORDER_HOLDS =
  "complete if the API keeps its newest-first order: the walk has passed the window's start"

export const pendingReason = (pending: number) =>
  `${pending} ${pending === 1 ? 'execution' : 'executions'} finished and ${pending === 1 ? 'its' : 'their'} outcome is being checked`

export const unconfirmedReason = (count: number) =>
  `${count} ${count === 1 ? 'execution' : 'executions'} the last verification did not find again ${count === 1 ? 'is' : 'are'} being checked (deleted, or skipped by the API's paging)`

/** What the index can claim of a family's counts (within `window`, with `pending` outcomes among them). */
export function claimOf(
  family: Family,
  window: WindowBounds | null,
  learned: OrderKind,
  pending: number,
  /** Its members: a family read back from a summary has none in memory yet (readBack.ts). */
  executions = family.members.size,
): Coverage {
  if (family.verifiedAt === null) return beforeFirstRound(family, window, learned, pending, executions)
  const verified = { asOf: family.verifiedAt, executions, calls: family.calls }
  const unconfirmed = unconfirmedCount(family)
  if (unconfirmed > 0) return { kind: 'at_least', ...verified, reason: unconfirmedReason(unconfirmed) }
  if (pending > 0) return { kind: 'at_least', ...verified, reason: pendingReason(pending), allKnown: true }
  return { kind: 'exact', ...verified }
}

/**
 * While a partition is read back from the store after a start (a window, which the stored summary cannot answer):
 * its counts are of the members read so far, of the `of` the family had when last written. Never exact, whatever
 * was written: the rest is still to come.
 */
export const whileReadBack = (family: Family, of: number): Coverage => ({
  kind: 'counting',
  executions: family.members.size,
  estimate: of,
  calls: family.calls,
})

function beforeFirstRound(
  family: Family,
  window: WindowBounds | null,
  learned: OrderKind,
  pending: number,
  executions: number,
): Coverage {
  const calls = family.walk?.calls ?? family.calls
  const early = windowBeforeFirstRound(family, window, learned)
  switch (family.phase) {
    case 'failed':
      return {
        kind: 'failed',
        at: family.roundStartedAt,
        executions,
        calls,
        reason: family.reason ?? 'the walk failed',
      }
    case 'partial':
      return {
        kind: 'at_least',
        asOf: family.roundStartedAt,
        executions,
        calls,
        reason: family.reason ?? 'the walk stopped early',
      }
    default:
      if (early === null) return { kind: 'counting', executions, estimate: family.estimate, calls }
      return {
        kind: 'at_least',
        asOf: early.startedAt,
        executions,
        calls: early.calls,
        reason: pending > 0 ? `${IF_ORDER_HOLDS}; ${pendingReason(pending)}` : IF_ORDER_HOLDS,
        ifOrderHolds: true,
      }
  }
}

/**
 * Whether everything the walk saw so far is newest created first, and the API can be believed to go on so:
 * learned by an earlier round, or seen often enough in this one. A walk that saw a row newer than the one before
 * is never believed, whatever was learned before.
 */
function walkedNewestFirst(walk: WalkProgress, learned: OrderKind): boolean {
  const seen = walk.order.verdict()
  if (seen === 'unknown') return learned === 'created_desc'
  if (seen !== 'created_desc') return false
  return learned === 'created_desc' || (learned === 'unknown' && walk.order.falls() >= MIN_FALLS)
}

/**
 * A created_at window the first round has walked past, on an API seen to list newest first: every execution created
 * in it (up to when the walk began) has been seen, if the order holds. The round's start and the calls it took.
 */
function windowBeforeFirstRound(
  family: Family,
  window: WindowBounds | null,
  learned: OrderKind,
): { startedAt: number; calls: number } | null {
  const walk = family.walk
  if (walk === null || family.phase !== 'counting') return null
  if (window === null || window.field !== 'created' || window.from === null) return null
  if (!walkedNewestFirst(walk, learned)) return null
  const from = window.from
  const passed = walk.reached.find((mark) => mark.oldest < from)
  return passed ? { startedAt: walk.startedAt, calls: passed.calls } : null
}
