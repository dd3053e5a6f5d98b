import { useMemo } from 'react'
import type { Execution, ListParams } from '../../api'
import type { ExecutionSearch } from './executionSearch'
import { EXECUTIONS_TABLE_ID } from './ExecutionsTable'
import { contradictsFilters } from './filterMatch'
import { useLingeringRows } from './useLingeringRows'
import { useLiveRows } from './useLiveRows'

const NO_ROWS: Execution[] = []

/** Nobody is reading the list: the first page, scrolled to the top, focus outside the list. */
function nobodyReading(params: ListParams): boolean {
  return (
    params.after === null &&
    window.scrollY < 1 &&
    !document.getElementById(EXECUTIONS_TABLE_ID)?.contains(document.activeElement)
  )
}

/**
 * What the list draws from an answer: held arrivals left out (see useLiveRows), rescheduled rows that left
 * kept in place (useLingeringRows), and the counts the toolbar shows of what is on screen.
 */
export function useShownExecutions(
  params: ListParams,
  search: ExecutionSearch,
  answer: readonly Execution[] | undefined,
  isPlaceholder: boolean,
) {
  const viewKey = JSON.stringify(params)
  const settled = isPlaceholder ? undefined : answer
  const live = useLiveRows(viewKey, settled, () => nobodyReading(params))
  const lingering = useLingeringRows(viewKey, settled)
  const shownRows = live.rows ?? answer ?? NO_ROWS
  const contradicting = settled
    ? settled.filter((row) => contradictsFilters(row, search.states, search.metadata)).length
    : 0
  const stateCounts = useMemo(() => {
    const counts = new Map<string, number>()
    for (const row of shownRows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1)
    return counts
  }, [shownRows])
  return { live, shownRows, lingering, contradicting, stateCounts }
}
