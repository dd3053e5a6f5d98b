/*
 * The time window of a view, read and written the same way by the browser (it is in the URL, saved views, share
 * links and exports) and by the server (counts, histogram, the list from the index). On created_at by default.
 *   window=1h            the last hour (moves with the clock)
 *   from=…&to=…          a fixed range (ISO 8601 instants; either end may be open)
 *   on=updated           on updated_at instead
 */
export const WINDOW_PRESETS = ['15m', '1h', '6h', '24h', '7d'] as const
export type WindowPreset = (typeof WINDOW_PRESETS)[number]
export type WindowField = 'created' | 'updated'

export type TimeWindow =
  | { kind: 'any'; field: WindowField }
  | { kind: 'relative'; preset: WindowPreset; field: WindowField }
  | { kind: 'absolute'; from: number | null; to: number | null; field: WindowField }

export const ANY_TIME: TimeWindow = { kind: 'any', field: 'created' }

const WINDOW_PARAMS = ['window', 'from', 'to', 'on'] as const
export const isWindowParam = (name: string) => (WINDOW_PARAMS as readonly string[]).includes(name)

function readInstant(text: string | null, name: string, problems: string[]): number | null {
  if (text === null || text === '') return null
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
    ? Date.parse(text)
    : NaN
  if (Number.isNaN(instant)) {
    problems.push(`${name} must be a date and time with a zone, such as 2026-11-23T09:30:00Z`)
    return null
  }
  return instant
}

/** Never throws: what cannot be read is said in `problems` (and the window is then "any time"). */
export function readWindowParams(params: URLSearchParams): { window: TimeWindow; problems: string[] } {
  const problems: string[] = []
  const on = params.get('on')
  if (on !== null && on !== 'created' && on !== 'updated') problems.push('on must be created or updated')
  const field: WindowField = on === 'updated' ? 'updated' : 'created'
  const preset = params.get('window')
  const from = readInstant(params.get('from'), 'from', problems)
  const to = readInstant(params.get('to'), 'to', problems)
  if (preset !== null && preset !== 'any' && !(WINDOW_PRESETS as readonly string[]).includes(preset)) {
    problems.push(`window must be one of ${WINDOW_PRESETS.join(', ')} or any`)
  }
  if (from !== null && to !== null && from >= to) problems.push('from must be before to')
  if (problems.length > 0) return { window: { kind: 'any', field }, problems }
  if (from !== null || to !== null) return { window: { kind: 'absolute', from, to, field }, problems }
  if (preset !== null && preset !== 'any')
    return { window: { kind: 'relative', preset: preset as WindowPreset, field }, problems }
  return { window: { kind: 'any', field }, problems }
}

/** Writes the window into `params`, replacing the window parameters it had and keeping all others. */
export function writeWindowParams(window: TimeWindow, params: URLSearchParams): URLSearchParams {
  for (const name of WINDOW_PARAMS) params.delete(name)
  if (window.kind === 'relative') params.set('window', window.preset)
  if (window.kind === 'absolute') {
    if (window.from !== null) params.set('from', new Date(window.from).toISOString())
    if (window.to !== null) params.set('to', new Date(window.to).toISOString())
  }
  if (window.kind !== 'any' && window.field === 'updated') params.set('on', 'updated')
  return params
}
