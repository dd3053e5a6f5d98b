import { createOrderTracker, type OrderTracker } from './coverage.ts'

/** A round (a whole walk of a family) as it goes: what it saw, its order, and each time it reached older rows. */
export interface WalkProgress {
  startedAt: number
  /** Calls this round made so far. */
  calls: number
  /** Ids this round saw, members or not. */
  seen: Set<string>
  order: OrderTracker
  /** The oldest created_at seen so far, each time it got older, with the round's calls by then. */
  reached: { oldest: number; calls: number }[]
}

export const startWalk = (startedAt: number): WalkProgress => ({
  startedAt,
  calls: 0,
  seen: new Set(),
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
