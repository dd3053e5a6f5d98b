import { buildListBody as buildSharedListBody, type ListRequestBody } from '../shared/listBody'
import type { MetadataFilter } from '../shared/filters'
import { spellingForFilter } from './executionStates'

export type { ListFilters, MetadataFilter } from '../shared/filters'
export type { ListRequestBody } from '../shared/listBody'

export interface ListParams {
  first: number
  /** Cursor to page forward from; omitted on the first page. */
  after?: string | null
  states?: readonly string[]
  metadata?: readonly MetadataFilter[]
}

/** The list body, states in the spelling the API was last seen using. */
export function buildListBody(params: ListParams): ListRequestBody {
  return buildSharedListBody(params, (state) => [spellingForFilter(state)])
}
