import type { ListFilters, MetadataFilter } from './filters.ts'
import { stateMeaning } from './states.ts'

/*
 * The page URL's filter parameters, read and written the same way by the browser (the URL is the view's
 * state) and by the server (export, counts): `state=failed&state=started&m.env=production&m.env=staging`.
 */
export const STATE_PARAM = 'state'
export const METADATA_PREFIX = 'm.'
/** A bulk run's id: the list shows only the executions that run sent (from the index; not a filter of the API's). */
export const RUN_PARAM = 'run'
export const FILTER_LIMITS = { text: 2048, states: 20, metadataValues: 50 } as const

export interface FilterRead {
  filters: ListFilters
  /** What could not be taken as given, in words; a caller refuses the filter rather than drop it. */
  problems: string[]
}

export const isFilterParam = (name: string) => name === STATE_PARAM || name.startsWith(METADATA_PREFIX)

const tooLong = (text: string) => text.length > FILTER_LIMITS.text
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text)

function readStates(values: readonly string[], problems: string[]): string[] {
  const states: string[] = []
  for (const value of values) {
    const text = value.trim()
    if (text === '') continue
    if (tooLong(text)) {
      problems.push(`a state is longer than ${FILTER_LIMITS.text} characters`)
      continue
    }
    // Known states by meaning (failed, FAILED, failure are one), any other as the link gave it.
    const state = stateMeaning(text) ?? text
    if (states.includes(state)) continue
    if (states.length === FILTER_LIMITS.states) {
      problems.push(`at most ${FILTER_LIMITS.states} states`)
      break
    }
    states.push(state)
  }
  return states
}

function readMetadata(params: URLSearchParams, problems: string[]): MetadataFilter[] {
  const byKey = new Map<string, string[]>()
  let count = 0
  for (const [name, value] of params) {
    if (!name.startsWith(METADATA_PREFIX)) continue
    const key = name.slice(METADATA_PREFIX.length)
    if (key === '' || value === '') {
      problems.push('a metadata filter needs a key and a value')
      continue
    }
    if (tooLong(key) || tooLong(value)) {
      problems.push(`the metadata filter on “${shown(key)}” is longer than ${FILTER_LIMITS.text} characters`)
      continue
    }
    const values = byKey.get(key) ?? []
    if (values.includes(value)) continue
    if (count === FILTER_LIMITS.metadataValues) {
      problems.push(`at most ${FILTER_LIMITS.metadataValues} metadata values`)
      break
    }
    count += 1
    values.push(value)
    byKey.set(key, values)
  }
  return [...byKey].map(([key, values]) => ({ key, values }))
}

/** Never throws: what cannot be read is left out and said in `problems`. */
export function readFilterParams(params: URLSearchParams): FilterRead {
  const problems: string[] = []
  const states = readStates(params.getAll(STATE_PARAM), problems)
  const metadata = readMetadata(params, problems)
  return { filters: { states, metadata }, problems: [...new Set(problems)] }
}

/** Writes the filters into `params`, replacing the filter parameters it had and keeping all others. */
export function writeFilterParams(filters: ListFilters, params: URLSearchParams): URLSearchParams {
  for (const name of [...params.keys()]) if (isFilterParam(name)) params.delete(name)
  for (const state of filters.states) params.append(STATE_PARAM, state)
  for (const entry of filters.metadata) {
    for (const value of entry.values) params.append(`${METADATA_PREFIX}${entry.key}`, value)
  }
  return params
}
