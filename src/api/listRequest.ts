import { buildListBody as buildSharedListBody, type ListRequestBody } from '../../shared/listBody'
import type { MetadataFilter } from '../../shared/filters'
import type { ListSort } from '../../shared/listSort'
import type { TimeWindow } from '../../shared/timeWindow'

export type { ListFilters, MetadataFilter } from '../../shared/filters'
export type { ListRequestBody } from '../../shared/listBody'

export interface ListParams {
  first: number
  /** Cursor to page forward from; omitted on the first page. */
  after?: string | null
  states?: readonly string[]
  metadata?: readonly MetadataFilter[]
  /**
   * A time window: the API has none, so a list with one (other than any time) pages from the dashboard's index,
   * newest first (GET /api/index/executions), and its cursors are the index's.
   */
  window?: TimeWindow
  /** An order the API does not have: the list pages from the index in it (with or without a window). */
  sort?: ListSort
  /** Only a bulk run's executions (the audit trail's frozen set): the list pages from the index. */
  run?: string
}

/** Whether the list comes from the index (a window, an order or a bulk run) rather than the API. */
export const isFromIndex = (params: ListParams) =>
  params.sort !== undefined ||
  params.run !== undefined ||
  (params.window !== undefined && params.window.kind !== 'any')

/**
 * The list body, states by meaning (`failed`) or as the API sent a state no meaning covers: the server sends each
 * meaning in the API's own spellings (server/upstream/stateSpellings.ts).
 */
export function buildListBody(params: ListParams): ListRequestBody {
  return buildSharedListBody(params)
}
