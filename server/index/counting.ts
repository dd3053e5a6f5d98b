import type { ListFilters } from '../../src/shared/filters.ts'
import { KNOWN_EXECUTION_STATES, stateMeaning, type KnownExecutionState } from '../../src/shared/states.ts'
import type { Family } from './family.ts'

export interface StateCounts {
  /** Per known state, by meaning. */
  known: Record<KnownExecutionState, number>
  /** Unknown states, as the API spells them. */
  other: Record<string, number>
  /** Executions that finished without the index seeing how (counted in `total`, in no state). */
  pending: number
  total: number
}

/** Whether a row whose outcome is pending might be in the filter's states: it is final now, which one is unknown. */
function pendingMayMatch(states: readonly string[]): boolean {
  return (
    states.length === 0 ||
    states.some((state) => {
      const meaning = stateMeaning(state)
      return meaning === null || meaning === 'succeed' || meaning === 'failed'
    })
  )
}

/** The family's members counted per state, within the filter's states. */
export function countFamily(family: Family, filters: Pick<ListFilters, 'states'>): StateCounts {
  const known = Object.fromEntries(KNOWN_EXECUTION_STATES.map((state) => [state, 0])) as Record<
    KnownExecutionState,
    number
  >
  const other: Record<string, number> = {}
  const states = filters.states
  const pendingCounts = pendingMayMatch(states)
  // The filter's states by meaning, once: rows carry theirs already (a million rows, one comparison each).
  const meanings = new Set(states.map(stateMeaning).filter((meaning) => meaning !== null))
  const spellings = new Set(states.filter((state) => stateMeaning(state) === null))
  let pending = 0
  let total = 0
  for (const row of family.members.values()) {
    if (row.outcomePending) {
      if (pendingCounts) {
        pending += 1
        total += 1
      }
      continue
    }
    if (states.length > 0 && (row.meaning !== null ? !meanings.has(row.meaning) : !spellings.has(row.state)))
      continue
    total += 1
    if (row.meaning !== null) known[row.meaning] += 1
    else other[row.state] = (other[row.state] ?? 0) + 1
  }
  return { known, other, pending, total }
}
