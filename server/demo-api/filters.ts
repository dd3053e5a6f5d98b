import type { ExecutionRecord } from './model.ts'

export interface MetadataFilter {
  key: string
  values: string[]
}

export interface ExecutionFilters {
  states?: string[]
  metadata?: MetadataFilter[]
}

/** The demo's choice for the combination logic the contract leaves open. */
export const FILTER_SEMANTICS =
  'states: an item matches if its state is one of the listed values (OR); an empty list means no state filter; ' +
  'unknown state values simply match nothing. metadata (execution list only): every entry must match (AND); ' +
  'an entry matches if the execution has the key and its value is one of the entry values (OR); ' +
  'an entry with an empty values list is rejected with 400. states and metadata are combined with AND.'

export function matchesStates(state: string, states: readonly string[] | undefined): boolean {
  return !states || states.length === 0 || states.includes(state)
}

export function matchesMetadata(
  metadata: Readonly<Record<string, string>>,
  entries: readonly MetadataFilter[] | undefined,
): boolean {
  return (entries ?? []).every(
    ({ key, values }) => Object.hasOwn(metadata, key) && values.includes(metadata[key] as string),
  )
}

export function matchesExecutionFilters(execution: ExecutionRecord, filters: ExecutionFilters): boolean {
  return (
    matchesStates(execution.state, filters.states) && matchesMetadata(execution.metadata, filters.metadata)
  )
}
