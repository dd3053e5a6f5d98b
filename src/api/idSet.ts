import { readIdSetAnswer, type IdSetAnswer } from '../../shared/idSet'
import type { ListFilters } from '../../shared/filters'
import type { TimeWindow } from '../../shared/timeWindow'
import { callRoute } from './route'
import { readerOf } from '../../shared/readerOf'

export type { IdSetAnswer, IdSetEntry } from '../../shared/idSet'

/** Counting a large set by paging the API can take minutes on the server; Stop (the signal) ends it sooner. */
const ID_SET_TIMEOUT_MS = 10 * 60_000

/**
 * GET /api/executions/ids: every execution that matches the filters (and window), counted by the server, with
 * the ids of the first `max` of them, frozen for a bulk run.
 */
export function fetchIdSet(
  filters: ListFilters,
  window: TimeWindow,
  max: number,
  signal?: AbortSignal,
): Promise<IdSetAnswer> {
  return callRoute('idSet', {
    view: { filters, window },
    query: { max },
    read: readerOf(readIdSetAnswer, 'expected the set of ids that match'),
    signal,
    timeoutMs: ID_SET_TIMEOUT_MS,
  })
}
