import { writeFilterParams } from '../../shared/filterCodec'
import type { ListFilters } from '../../shared/filters'
import { writeWindowParams, type TimeWindow } from '../../shared/timeWindow'

/** The query string of a view for the server's own routes: filters, window, and the histogram if asked for. */
export function viewSearch(filters: ListFilters, window: TimeWindow, histogram = true): URLSearchParams {
  const params = writeWindowParams(window, writeFilterParams(filters, new URLSearchParams()))
  if (histogram) params.set('histogram', '1')
  return params
}
