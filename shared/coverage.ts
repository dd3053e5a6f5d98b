/*
 * Reading a coverage on its own: the list from the index carries one, and the first load reads that list, so
 * this stays apart from the overview's reader (which loads with the overview).
 */
/** How complete an answer of the index is; never a smaller truth (counts of a scan cut short are lower bounds). */
export type Coverage =
  /**
   * Every execution of the view was verified at or after `asOf`: a whole walk of its list that began then ended
   * where the API said there was no more, and every execution it did not find again is known to be gone. What
   * was seen since moves the counts, never `asOf` (server/index/claims.ts, decision 26).
   */
  | { kind: 'exact'; asOf: number; executions: number; calls: number }
  /**
   * Counts are lower bounds: a walk stopped before the end (`reason`), executions are being checked, or (with
   * `ifOrderHolds`) the counts are complete only if the API keeps the order its list was seen in.
   * `allKnown`: only outcomes are being checked, so every execution of the view is known.
   */
  | {
      kind: 'at_least'
      asOf: number
      executions: number
      calls: number
      reason: string
      allKnown?: boolean
      ifOrderHolds?: boolean
    }
  /** The first walk is running: `executions` so far of about `estimate` (unknown: null). */
  | { kind: 'counting'; executions: number; estimate: number | null; calls: number }
  /** The walk failed; the counts are what it saw before. */
  | { kind: 'failed'; at: number; executions: number; calls: number; reason: string }

export const COVERAGE_KINDS = ['exact', 'at_least', 'counting', 'failed']

/** A count as the server's answers carry them: a whole number, 0 or more. */
export const isWholeCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

/**
 * A coverage as the server sent it, or null when it is not one: an object (not a list) of a known kind with a
 * whole, non-negative count. The one rule for the list from the index and for the overview.
 */
export function readCoverage(value: unknown): Coverage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const coverage = value as Record<string, unknown>
  if (!COVERAGE_KINDS.includes(String(coverage['kind'])) || !isWholeCount(coverage['executions'])) return null
  return value as Coverage
}
