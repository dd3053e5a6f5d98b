import type { ListFilters } from '../../src/shared/filters.ts'
import { readFilterParams } from '../../src/shared/filterCodec.ts'

export type ExportFormat = 'csv' | 'ndjson'

export interface ExportRequest extends ListFilters {
  format: ExportFormat
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The page URL's filter parameters, read by the one codec the page uses; what it cannot take is refused. */
export function parseExportRequest(search: string): ExportRequest | string {
  const params = new URLSearchParams(search)
  const format = params.get('format') ?? 'csv'
  if (format !== 'csv' && format !== 'ndjson')
    return `Unknown format “${format.slice(0, 40)}”: use csv or ndjson.`
  const { filters, problems } = readFilterParams(params)
  if (problems.length > 0) return `${capitalised(problems.join('; '))}.`
  return { format, states: [...filters.states], metadata: [...filters.metadata] }
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
