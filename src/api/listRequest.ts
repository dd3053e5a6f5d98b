import { spellingForFilter } from './executionStates'
export interface MetadataFilter {
  key: string
  values: string[]
}

/** The list's filters alone, as the page URL holds them (no paging). */
export interface ListFilters {
  states: readonly string[]
  metadata: readonly MetadataFilter[]
}

export interface ListParams {
  first: number
  /** Cursor to page forward from; omitted on the first page. */
  after?: string | null
  states?: readonly string[]
  metadata?: readonly MetadataFilter[]
}

export interface ListRequestBody {
  page: { first: number; after?: string }
  filters?: { states?: string[]; metadata?: MetadataFilter[] }
}

/**
 * The spec leaves open which body members are optional, so the body always carries page.first,
 * adds page.after only when paging forward, and adds each filter member only when it is non-empty.
 */
export function buildListBody(params: ListParams): ListRequestBody {
  const page: ListRequestBody['page'] = { first: params.first }
  if (params.after) page.after = params.after
  const filters: NonNullable<ListRequestBody['filters']> = {}
  if (params.states && params.states.length > 0) filters.states = params.states.map(spellingForFilter)
  const metadata = (params.metadata ?? []).filter((entry) => entry.key !== '' && entry.values.length > 0)
  if (metadata.length > 0)
    filters.metadata = metadata.map((entry) => ({ key: entry.key, values: [...entry.values] }))
  return Object.keys(filters).length > 0 ? { page, filters } : { page }
}
