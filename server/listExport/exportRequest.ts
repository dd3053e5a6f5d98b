export type ExportFormat = 'csv' | 'ndjson'

export interface ExportRequest {
  format: ExportFormat
  states: string[]
  metadata: { key: string; values: string[] }[]
}

const MAX_TEXT = 2048
const MAX_STATES = 20
const MAX_METADATA_VALUES = 50

/** The page URL's filter parameters (`state`, `m.<key>`), read as strictly as the page reads them. */
export function parseExportRequest(search: string): ExportRequest | string {
  const params = new URLSearchParams(search)
  const format = params.get('format') ?? 'csv'
  if (format !== 'csv' && format !== 'ndjson')
    return `Unknown format “${format.slice(0, 40)}”: use csv or ndjson.`
  const states = [...new Set(params.getAll('state').map((state) => state.trim()))]
  if (states.length > MAX_STATES) return `At most ${MAX_STATES} states.`
  const byKey = new Map<string, string[]>()
  let values = 0
  for (const [name, value] of params) {
    if (!name.startsWith('m.')) continue
    const key = name.slice(2)
    if (key === '' || value === '') return 'Metadata filters need a key and a value.'
    values += 1
    if (values > MAX_METADATA_VALUES) return `At most ${MAX_METADATA_VALUES} metadata values.`
    byKey.set(key, [...new Set([...(byKey.get(key) ?? []), value])])
  }
  if (
    [...states, ...byKey.keys(), ...[...byKey.values()].flat()].some(
      (item) => item === '' || item.length > MAX_TEXT,
    )
  ) {
    return `Filter values must be 1 to ${MAX_TEXT} characters.`
  }
  return { format, states, metadata: [...byKey].map(([key, keyValues]) => ({ key, values: keyValues })) }
}

/** `executions-failed-env=production-2026-11-22T0930Z.csv`: what, and when (UTC, to the minute). */
export function exportFileName(request: ExportRequest, now: Date): string {
  const parts = [
    ...request.states,
    ...request.metadata.map(({ key, values }) => `${key}=${values.join('+')}`),
  ]
  const what = (parts.join('-') || 'all').replace(/[^A-Za-z0-9=+._-]+/g, '_').slice(0, 80)
  const stamp = now.toISOString().slice(0, 16).replace(':', '')
  return `executions-${what}-${stamp}Z.${request.format}`
}

/** The upstream list body for one page, built like the browser builds it. */
export function listBody(request: ExportRequest, first: number, after: string | null): Buffer {
  const filters: Record<string, unknown> = {}
  if (request.states.length > 0) filters.states = request.states
  if (request.metadata.length > 0) filters.metadata = request.metadata
  const page = after ? { first, after } : { first }
  return Buffer.from(JSON.stringify(Object.keys(filters).length > 0 ? { page, filters } : { page }))
}
