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

/** How a state filter goes upstream (see stateSpeller); as given by default. */
export type Speller = (state: string) => string

/** The list body, states in the spelling `spell` gives. */
export function buildListBody(params: ListParams, spell: Speller = (state) => state): ListRequestBody {
  return buildSharedListBody(params, (state) => [spell(state)])
}
