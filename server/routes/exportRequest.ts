import type { ListFilters } from '../../shared/filters.ts'
import { readFilterParams } from '../../shared/filterCodec.ts'
import { ANY_TIME, readWindowParams, type TimeWindow } from '../../shared/timeWindow.ts'
import { pinWindow } from '../../shared/windowBounds.ts'

export type ExportFormat = 'csv' | 'ndjson'

export interface ExportRequest extends ListFilters {
  format: ExportFormat
  /** The page's time window, pinned when the export starts: a relative one does not move while it pages. */
  window: TimeWindow
  /** A column for each log link (DASHBOARD_LINKS), asked for with `links=1`. */
  links: boolean
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The page URL's filter and window parameters, read by the codecs the page uses; what they cannot take is refused. */
export function parseExportRequest(search: string, now = Date.now()): ExportRequest | string {
  const params = new URLSearchParams(search)
  const format = params.get('format') ?? 'csv'
  if (format !== 'csv' && format !== 'ndjson')
    return `Unknown format “${format.slice(0, 40)}”: use csv or ndjson.`
  const { filters, problems: filterProblems } = readFilterParams(params)
  const { window, problems: windowProblems } = readWindowParams(params)
  const problems = [...filterProblems, ...windowProblems]
  if (problems.length > 0) return `${capitalised(problems.join('; '))}.`
  return {
    format,
    states: [...filters.states],
    metadata: [...filters.metadata],
    window: window.kind === 'any' ? ANY_TIME : pinWindow(window, now),
    links: params.get('links') === '1',
  }
}

const stampOf = (time: number) => new Date(time).toISOString().slice(0, 16).replace(':', '')

/** `created-2026-11-22T0830Z-to-2026-11-22T0930Z`: the window's bounds as a file name can carry them. */
function windowPart(window: TimeWindow): string[] {
  if (window.kind !== 'absolute') return []
  const from = window.from === null ? 'start' : `${stampOf(window.from)}Z`
  const to = window.to === null ? 'now' : `${stampOf(window.to)}Z`
  return [`${window.field}-${from}-to-${to}`]
}

/** `executions-failed-env=production-2026-11-22T0930Z.csv`: what, and when (UTC, to the minute). */
export function exportFileName(request: ExportRequest, now: Date): string {
  const parts = [
    ...request.states,
    ...request.metadata.map(({ key, values }) => `${key}=${values.join('+')}`),
  ]
  const what = (parts.join('-') || 'all').replace(/[^A-Za-z0-9=+._-]+/g, '_').slice(0, 80)
  const stamp = now.toISOString().slice(0, 16).replace(':', '')
  return `executions-${[what, ...windowPart(request.window)].join('-')}-${stamp}Z.${request.format}`
}
