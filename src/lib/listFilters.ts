import { useMemo } from 'react'
import type { ListFilters } from '../../shared/filters'
import { filtersKey } from '../../shared/filtersKey'
import { readWindowParams, type TimeWindow } from '../../shared/timeWindow'
import { paramsOf, readListView } from './viewUrl'

// Apart from viewUrl.ts: only lazily loaded parts (the tools, the attempts panel) act on the list's filters as a set.

/**
 * The list's filters and time window alone, as one object per view: opening an execution or paging keeps it.
 * (Bulk "all matching" takes the window too: with one, it walks the index's list of the window.)
 */
export function useListFilters(search: string): ListFilters & { window?: TimeWindow } {
  const { view } = readListView(search)
  const { window: timeWindow } = readWindowParams(paramsOf(search))
  const key = `${filtersKey(view)} ${JSON.stringify(timeWindow)}`
  return useMemo(
    () => ({
      states: view.states,
      metadata: view.metadata,
      ...(timeWindow.kind === 'any' ? {} : { window: timeWindow }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the filters and window
    [key],
  )
}
