/*
 * How complete an answer of the index is, said with every count. The UI words it; it is never a smaller
 * truth: a scan that is running, was cut short or failed says so, and its counts are lower bounds.
 */
export type Coverage =
  /** Every execution of the view, as of `asOf`: a whole scan ended where the API said there was no more. */
  | { kind: 'exact'; asOf: number; executions: number; calls: number }
  /** A scan stopped before the end (`reason`), or outcomes are still being checked: counts are lower bounds. */
  | { kind: 'at_least'; asOf: number; executions: number; calls: number; reason: string }
  /** The first scan is running: `executions` so far of about `estimate` (unknown: null). */
  | { kind: 'counting'; executions: number; estimate: number | null; calls: number }
  /** The scan failed; the counts are what it saw before. */
  | { kind: 'failed'; at: number; executions: number; calls: number; reason: string }

export interface CoverageNotes {
  /** Rows the API returned for this view that contradict its filters: left out and counted. */
  excluded: number
  /** Executions that finished without the index seeing how; their outcome is being checked. */
  pending: number
  /** Whether the API lists executions newest first (so new ones are found on its first pages). */
  order: OrderKind
  /** Set while refreshing fails: since when, and why (the counts are then as of `asOf`). */
  refreshFailing: { since: number; reason: string } | null
}

export type OrderKind = 'created_desc' | 'created_asc' | 'none' | 'unknown'

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
  }
}
