import type { MetadataFilter } from './filters.ts'

export interface ListBodyInput {
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

/** How a state goes upstream: every spelling the API is known to use for it (states are OR'ed). */
export type StateSpeller = (state: string) => readonly string[]

const asGiven: StateSpeller = (state) => [state]

/**
 * The spec leaves open which body members are optional, so the body always carries page.first, adds
 * page.after only when paging forward, and adds each filter member only when it is non-empty.
 */
export function buildListBody(input: ListBodyInput, spell: StateSpeller = asGiven): ListRequestBody {
  const page: ListRequestBody['page'] = { first: input.first }
  if (input.after) page.after = input.after
  const filters: NonNullable<ListRequestBody['filters']> = {}
  const states = [...new Set((input.states ?? []).flatMap((state) => spell(state)))]
  if (states.length > 0) filters.states = states
  const metadata = (input.metadata ?? []).filter((entry) => entry.key !== '' && entry.values.length > 0)
  if (metadata.length > 0)
    filters.metadata = metadata.map(({ key, values }) => ({ key, values: [...values] }))
  return Object.keys(filters).length > 0 ? { page, filters } : { page }
}
