import { hasMetadata, metadataMatches, readMetadataValues } from './metadata.ts'
import { sameState } from './states.ts'

export interface MetadataFilter {
  key: string
  values: string[]
}

/** The list's filters alone, as the page URL holds them: states by meaning, metadata as given. */
export interface ListFilters {
  states: readonly string[]
  metadata: readonly MetadataFilter[]
}

export const NO_FILTERS: ListFilters = { states: [], metadata: [] }

/** What a row must carry to be checked against the filters. */
export interface FilterableRow {
  state: string
  metadata?: unknown
}

/**
 * Whether a returned row contradicts the filters as the dashboard asks for them: states OR'ed,
 * metadata entries AND'ed, the values of one entry OR'ed, each value read as the API matches it (shared/metadata:
 * a number by its text, a list by any member). A row that carries no metadata at all
 * cannot be judged on metadata (the spec's Execution has none), so it never counts against it.
 */
export function contradictsFilters(row: FilterableRow, filters: ListFilters): boolean {
  const { states, metadata } = filters
  if (states.length > 0 && !states.some((state) => sameState(state, row.state))) return true
  if (metadata.length === 0 || !hasMetadata(row.metadata)) return false
  const values = readMetadataValues(row.metadata)
  return metadata.some((entry) => !metadataMatches(values[entry.key], entry.values))
}

/** A row the metadata filters cannot be checked on: it carries no metadata at all (see contradictsFilters). */
export function uncheckedOnMetadata(row: FilterableRow, filters: ListFilters): boolean {
  return filters.metadata.length > 0 && !hasMetadata(row.metadata)
}

/**
 * A walker's checks of each row against the filters it asked for (shared/listWalker): the rows that contradict
 * them, and the rows they cannot be checked on. `asRow` reads a row of another shape (the API's raw rows).
 */
export function filterChecks<Row>(filters: ListFilters, asRow: (row: Row) => FilterableRow) {
  return {
    contradicts: (row: Row) => contradictsFilters(asRow(row), filters),
    unchecked: (row: Row) => uncheckedOnMetadata(asRow(row), filters),
  }
}
