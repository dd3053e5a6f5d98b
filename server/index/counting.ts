import type { ListFilters } from '../../shared/filters.ts'
import { KNOWN_EXECUTION_STATES, stateMeaning, type KnownExecutionState } from '../../shared/states.ts'
import type { WindowField } from '../../shared/timeWindow.ts'
import type { Family } from './family.ts'
import { isActive, type IndexedExecution } from './rows.ts'

/** A window as instants: `from` inclusive, `to` exclusive, null open; on created_at or updated_at. */
export interface WindowBounds {
  from: number | null
  to: number | null
  field: WindowField
}

export interface StateCounts {
  /** Per known state, by meaning. */
  known: Record<KnownExecutionState, number>
  /** Unknown states, as the API spells them. */
  other: Record<string, number>
  /** Executions that finished without the index seeing how (counted in `total`, in no state). */
  pending: number
  total: number
  /** With a window: executions whose time (created or updated) is unknown, so no window holds them. */
  undated: number
  /** With a window that has a start: active executions (created, started, unknown) from before it. */
  runningBefore: number
}

export const emptyKnown = () =>
  Object.fromEntries(KNOWN_EXECUTION_STATES.map((state) => [state, 0])) as Record<KnownExecutionState, number>

/** Whether a row whose outcome is pending might be in the filter's states: it is final now, which one is unknown. */
export function pendingMayMatch(states: readonly string[]): boolean {
  return (
    states.length === 0 ||
    states.some((state) => {
      const meaning = stateMeaning(state)
      return meaning === null || meaning === 'succeed' || meaning === 'failed'
    })
  )
}

/** One test per row for a state filter: meanings and unknown spellings worked out once. */
export function stateMatcher(states: readonly string[]): (row: IndexedExecution) => boolean {
  if (states.length === 0) return () => true
  const meanings = new Set(states.map(stateMeaning).filter((meaning) => meaning !== null))
  const spellings = new Set(states.filter((state) => stateMeaning(state) === null))
  return (row) => (row.meaning !== null ? meanings.has(row.meaning) : spellings.has(row.state))
}

export const timeOf = (row: IndexedExecution, field: WindowField) =>
  field === 'created' ? row.createdAt : row.updatedAt

/** The family's members counted per state, within the filter's states and the window. */
export function countFamily(
  family: Family,
  filters: Pick<ListFilters, 'states'>,
  window?: WindowBounds,
): StateCounts {
  const counts: StateCounts = {
    known: emptyKnown(),
    other: {},
    pending: 0,
    total: 0,
    undated: 0,
    runningBefore: 0,
  }
  const pendingCounts = pendingMayMatch(filters.states)
  const matches = stateMatcher(filters.states)
  const windowed = window !== undefined && (window.from !== null || window.to !== null)
  for (const row of family.members.values()) {
    if (windowed) {
      const time = timeOf(row, window.field)
      if (time === null) {
        counts.undated += 1
        continue
      }
      if (window.from !== null && time < window.from) {
        if (isActive(row) && !row.outcomePending && matches(row)) counts.runningBefore += 1
        continue
      }
      if (window.to !== null && time >= window.to) continue
    }
    if (row.outcomePending) {
      if (pendingCounts) {
        counts.pending += 1
        counts.total += 1
      }
      continue
    }
    if (!matches(row)) continue
    counts.total += 1
    if (row.meaning !== null) counts.known[row.meaning] += 1
    else counts.other[row.state] = (counts.other[row.state] ?? 0) + 1
  }
  return counts
}

/** The family's members within the filter's states and the window (a row with no time on the field is in no window). */
export function rowsInView(
  family: Family,
  states: readonly string[],
  window: WindowBounds | null,
): IndexedExecution[] {
  const matches = stateMatcher(states)
  const rows: IndexedExecution[] = []
  for (const row of family.members.values()) {
    if (!matches(row)) continue
    if (window && (window.from !== null || window.to !== null)) {
      const time = timeOf(row, window.field)
      if (time === null || (window.from !== null && time < window.from)) continue
      if (window.to !== null && time >= window.to) continue
    }
    rows.push(row)
  }
  return rows
}
