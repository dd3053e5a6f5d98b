import { buildListBody as buildSharedListBody, type ListRequestBody } from '../shared/listBody'
import type { MetadataFilter } from '../shared/filters'

export type { ListFilters, MetadataFilter } from '../shared/filters'
export type { ListRequestBody } from '../shared/listBody'

export interface ListParams {
  first: number
  /** Cursor to page forward from; omitted on the first page. */
  after?: string | null
  states?: readonly string[]
  metadata?: readonly MetadataFilter[]
}

/** How a state filter goes upstream (see stateSpeller); as given by default. */
export type Speller = (state: string) => string

/** The list body, states in the spelling `spell` gives. */
export function buildListBody(params: ListParams, spell: Speller = (state) => state): ListRequestBody {
  return buildSharedListBody(params, (state) => [spell(state)])
}
