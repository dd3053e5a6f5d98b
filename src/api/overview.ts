import { queryOptions } from '@tanstack/react-query'
import type { ListFilters } from '../../shared/filters'
import { filtersKey } from '../../shared/filtersKey'
import { writeWindowParams, type TimeWindow } from '../../shared/timeWindow'
import { callRoute } from './route'
import { anyAnswer } from './transport'

/*
 * The overview of a view (counts per state over the whole filtered set, coverage, histogram) from the server's
 * index. The query holds the answer as it came; the overview feature reads it (shared/overview.ts) with `select`,
 * so the reader loads with the feature. The live stream writes the same key.
 */
export const overviewKeys = {
  all: ['overview'] as const,
  of: (filters: ListFilters, window: TimeWindow) =>
    [...overviewKeys.all, filtersKey(filters), windowKey(window)] as const,
}

const windowKey = (window: TimeWindow) => writeWindowParams(window, new URLSearchParams()).toString()

export function overviewQuery(filters: ListFilters, window: TimeWindow) {
  return queryOptions({
    queryKey: overviewKeys.of(filters, window),
    queryFn: ({ signal }) =>
      callRoute('overview', { view: { filters, window }, query: { histogram: 1 }, read: anyAnswer, signal }),
  })
}
