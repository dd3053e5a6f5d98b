import type { Coverage } from '../../shared/overview'
import { matchableValues, readMetadata as readMetadataValue, readMetadataValues } from '../../shared/metadata'
import type { KnownExecutionState } from '../../shared/states'
import type { PageInfo, StateResource } from '../../shared/listAnswer'

export { KNOWN_EXECUTION_STATES, type KnownExecutionState } from '../../shared/states'
export { isRfc3339Timestamp } from '../../shared/timestamps'
export type { PageInfo } from '../../shared/listAnswer'

/** The spec lists the states seen so far, not all of them: unknown values must still be read. */
export type ExecutionState = KnownExecutionState | (string & {})

/**
 * Executions and attempts share their fields in the spec (shared/listAnswer reads both, keeping the fields
 * the spec does not list, like the demo's metadata); each keeps its own type.
 */
export interface Execution extends StateResource {
  state: ExecutionState
}
export interface Attempt extends StateResource {
  state: ExecutionState
}

/** A row the API sent that could not be read; shown as such, with what was wrong, beside the good rows. */
export interface RejectedRow {
  /** Position in the API's answer. */
  index: number
  id: string | null
  problems: string[]
}

export interface ListPage<T> {
  data: T[]
  page_info: PageInfo
  /** Rows that could not be read; absent or empty when every row was. */
  rejected?: RejectedRow[]
  /** When the API was asked for this page, in this browser's clock (shared/answerAge.ts); absent when unknown. */
  askedAt?: number
  /** A page from the index (a time window): how complete the index is; absent for the API's own pages. */
  coverage?: Coverage
  /**
   * A page of a bulk run's executions: what the server said of the run (how many it has, how many of them the index
   * does not hold), as sent; shared/runScope's readRunScope reads it where it is shown.
   */
  run?: unknown
}

export type ExecutionList = ListPage<Execution>
export type AttemptList = ListPage<Attempt>

/** The execution's metadata as strings, whichever shape the API sent it in. */
export function readMetadata(item: Execution): Record<string, string> {
  return readMetadataValue(item['metadata'])
}

/** Each key with each value a filter could match it by (a list's members one by one). */
export function metadataFilterPairs(item: Execution): [key: string, value: string][] {
  return Object.entries(readMetadataValues(item['metadata'])).flatMap(([key, value]) =>
    matchableValues(value).map((member): [string, string] => [key, member]),
  )
}
