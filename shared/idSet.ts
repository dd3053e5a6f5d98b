/*
 * The id set of "Reschedule all matching" (GET /api/executions/ids): the server counts the whole filtered set,
 * from its index when that holds the set exactly, else by paging the API itself, and hands over the ids up to a
 * cap. Shared by the route that answers it and the browser that reads it.
 */

import { isWholeCount } from './coverage.ts'

/** One execution of the set: enough to say what will be sent and to export the set as counted. */
export interface IdSetEntry {
  id: string
  state: string
  /** As the API or the index had them; null when there was none. */
  created_at: string | null
  updated_at: string | null
}

export interface IdSetAnswer {
  /** The set, frozen by id: at most `max` entries. */
  executions: IdSetEntry[]
  /** How many match in all (exact when `complete`), even past `max`. */
  count: number
  complete: boolean
  /** `index`: the index held the set exactly (newest created first); `api`: the server paged the API. */
  source: 'index' | 'api'
  /** When the set was taken (ms epoch). */
  asOf: number
  /** Why it is not complete, or how many rows contradicted the filters, in words. */
  note: string | null
}

/** The most ids one answer hands over. */
export const MOST_SET_IDS = 100_000

const isTime = (value: unknown) => value === null || typeof value === 'string'

function isEntry(value: unknown): value is IdSetEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry['id'] === 'string' &&
    typeof entry['state'] === 'string' &&
    isTime(entry['created_at']) &&
    isTime(entry['updated_at'])
  )
}

/** The answer as the server sent it, or null when any part of it does not read (never a partial set). */
export function readIdSetAnswer(value: unknown): IdSetAnswer | null {
  if (typeof value !== 'object' || value === null) return null
  const answer = value as Record<string, unknown>
  const executions = answer['executions']
  const fine =
    Array.isArray(executions) &&
    executions.every(isEntry) &&
    isWholeCount(answer['count']) &&
    answer['count'] >= executions.length &&
    typeof answer['complete'] === 'boolean' &&
    (answer['source'] === 'index' || answer['source'] === 'api') &&
    typeof answer['asOf'] === 'number' &&
    (answer['note'] === null || typeof answer['note'] === 'string')
  return fine ? (answer as unknown as IdSetAnswer) : null
}
