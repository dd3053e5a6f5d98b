import { routePath } from '../../api/route'
import { readFilterParams } from '../../../shared/filterCodec'
import { readWindowParams } from '../../../shared/timeWindow'

export type ExportFormat = 'csv' | 'ndjson'

/** How the server ended the file: its last line says so when it was cut or the API failed midway. */
export type ExportEnding =
  | { kind: 'complete' }
  | { kind: 'cut'; atRows: number }
  | { kind: 'failed'; reason: string }
  /** A windowed file from an index that does not hold every execution of the filters. */
  | { kind: 'incomplete'; reason: string }

const KEPT_LINE_START = 4096

/**
 * Counts the lines of a streamed export as chunks arrive, and keeps the start of the last one. In CSV a
 * line break inside a quoted cell is part of the cell, so quotes are tracked across chunks.
 */
export function createLineCounter(format: ExportFormat) {
  let inQuotes = false
  let lines = 0
  let current = ''
  let last = ''
  return {
    push(text: string) {
      for (const char of text) {
        if (format === 'csv' && char === '"') inQuotes = !inQuotes
        if (char === '\n' && !inQuotes) {
          lines += 1
          last = current.replace(/\r$/, '')
          current = ''
        } else if (current.length < KEPT_LINE_START) {
          current += char
        }
      }
    },
    /** Complete lines so far. */
    get lines() {
      return lines
    },
    /** The last complete line, or the unterminated rest when the file did not end with a line break. */
    lastLine() {
      return current !== '' ? current.replace(/\r$/, '') : last
    },
  }
}

function csvCell(line: string): string {
  const bom = line.replace(/^\uFEFF/, '')
  if (!bom.startsWith('"')) return bom.split(',')[0] ?? ''
  const end = bom.indexOf('",') === -1 ? bom.length - 1 : bom.indexOf('",')
  return bom.slice(1, end).replaceAll('""', '"')
}

/** Reads the server's marker line, if the file's last line is one. */
export function exportEnding(format: ExportFormat, lastLine: string): ExportEnding {
  if (format === 'csv') {
    const cell = csvCell(lastLine)
    const cut = /^# export cut at (\d+) rows/.exec(cell)
    if (cut) return { kind: 'cut', atRows: Number(cut[1]) }
    const failed = /^# export failed after \d+ rows: (.*)$/s.exec(cell)
    if (failed) return { kind: 'failed', reason: failed[1] ?? '' }
    const incomplete = /^# export may be incomplete after \d+ rows: (.*)$/s.exec(cell)
    if (incomplete) return { kind: 'incomplete', reason: incomplete[1] ?? '' }
    return { kind: 'complete' }
  }
  let marker: unknown
  try {
    marker = JSON.parse(lastLine)
  } catch {
    return { kind: 'complete' }
  }
  const record = (typeof marker === 'object' && marker !== null ? marker : {}) as Record<string, unknown>
  if (record.export_truncated === true) return { kind: 'cut', atRows: Number(record.rows) }
  const reason = typeof record.reason === 'string' ? record.reason : 'no reason given'
  if (record.export_failed === true) return { kind: 'failed', reason }
  if (record.export_incomplete === true) return { kind: 'incomplete', reason }
  return { kind: 'complete' }
}

/** Execution rows in the file: without the CSV header and without the marker line. */
export function rowsIn(format: ExportFormat, lines: number, ending: ExportEnding): number {
  const header = format === 'csv' ? 1 : 0
  const marker = ending.kind === 'complete' ? 0 : 1
  return Math.max(0, lines - header - marker)
}

/** `attachment; filename="executions-failed-2026-11-22T0930Z.csv"` → the name, or a plain default. */
export function fileNameFrom(disposition: string | null, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '')
  return match?.[1] ?? `executions.${format}`
}

/**
 * The list's filters and time window from the page URL, as the export route takes them (the same codecs on
 * both sides), with states in the spelling the API answers with, as the page's own list calls send them.
 */
export function exportPath(search: string, format: ExportFormat, withLinks = false): string {
  const page = new URLSearchParams(search)
  const { filters } = readFilterParams(page)
  const view = {
    filters: { states: filters.states, metadata: filters.metadata },
    window: readWindowParams(page).window,
  }
  return routePath('exportExecutions', { view, query: { format, links: withLinks ? 1 : null } })
}
