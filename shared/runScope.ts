import { isWholeCount } from './coverage.ts'

/*
 * A list limited to one bulk run's executions (`run=` in the page URL and in GET /api/index/executions): the run's
 * id and what the list's answer says of it. Apart from bulkRunReport.ts: the list reads these with the first load.
 */

/** A run's id as the browser makes it (a UUID): 8 to 100 letters, digits, - or _. */
export const isBulkRunId = (text: string) => /^[A-Za-z0-9_-]{8,100}$/.test(text)

/** A list limited to a bulk run's frozen set (GET /api/index/executions?run=…): how many it has, how many unseen. */
export interface RunScope {
  run: string
  members: number
  /** Members the dashboard's index does not hold: the list cannot show them (nor their states). */
  not_in_index: number
  /** Whether the trail holds more members than one run is read with (the list shows the first). */
  truncated: boolean
  /** A bulk reschedule's, or an acknowledgement's (absent from an older server: a reschedule's). */
  kind?: 'reschedule' | 'acknowledge'
}

/** The run's part of a list answer, or null when absent or any part does not read. */
export function readRunScope(value: unknown): RunScope | null {
  if (typeof value !== 'object' || value === null) return null
  const scope = value as Record<string, unknown>
  const fine =
    typeof scope['run'] === 'string' &&
    isWholeCount(scope['members']) &&
    isWholeCount(scope['not_in_index']) &&
    typeof scope['truncated'] === 'boolean' &&
    (scope['kind'] === undefined || scope['kind'] === 'reschedule' || scope['kind'] === 'acknowledge')
  return fine ? (scope as unknown as RunScope) : null
}
