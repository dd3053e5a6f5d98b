import type { ListFilters } from '../../shared/filters.ts'
import { readRouteQuery } from '../../shared/api/readQuery.ts'
import type { RouteQuery } from '../../shared/api/table.ts'
import { ANY_TIME, type TimeWindow } from '../../shared/timeWindow.ts'
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

/** An export as the route's schemas read it: the page's view, pinned when the export starts, and its format. */
export function exportRequestOf(
  view: { filters: ListFilters; window: TimeWindow },
  query: RouteQuery<'exportExecutions'>,
  now = Date.now(),
): ExportRequest {
  const { filters, window } = view
  return {
    format: query.format,
    states: [...filters.states],
    metadata: [...filters.metadata],
    window: window.kind === 'any' ? ANY_TIME : pinWindow(window, now),
    links: query.links === '1',
  }
}

/** The page URL's filter and window parameters, read as the route reads them; what they cannot take, in a sentence. */
export function parseExportRequest(search: string, now = Date.now()): ExportRequest | string {
  const read = readRouteQuery('exportExecutions', new URLSearchParams(search))
  if (!read.ok) return capitalised(read.message)
  return exportRequestOf(
    read.view ?? { filters: { states: [], metadata: [] }, window: ANY_TIME },
    read.query,
    now,
  )
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
