/*
 * How complete an answer of the index is, said with every count. The UI words it; it is never a smaller
 * truth: a scan that is running, was cut short or failed says so, and its counts are lower bounds.
 */
export type { Coverage, CoverageNotes, OrderKind } from '../../shared/overview.ts'
import type { OrderKind } from '../../shared/overview.ts'

/** Watches created_at along a scan: which way the API orders executions, if any. */
export function createOrderTracker() {
  let previous: number | null = null
  let rising = 0
  let falling = 0
  return {
    see(createdAt: number | null) {
      if (createdAt === null) return
      if (previous !== null && createdAt > previous) rising += 1
      if (previous !== null && createdAt < previous) falling += 1
      previous = createdAt
    },
    verdict(): OrderKind {
      if (rising > 0 && falling > 0) return 'none'
      if (falling > 0) return 'created_desc'
      if (rising > 0) return 'created_asc'
      return 'unknown'
    },
    /** How often created_at went down from one row to the next: the evidence for created_desc. */
    falls: () => falling,
  }
}

export type OrderTracker = ReturnType<typeof createOrderTracker>
