export const CSV_BOM = '\uFEFF'

/**
 * One column of metadata as JSON: a streamed export cannot know every metadata key before the last page,
 * and a header written after the rows is no header.
 */
export const CSV_HEADER = ['id', 'state', 'created_at', 'updated_at', 'metadata']

const FORMULA_START = /^[=+\-@\t\r]/

/** RFC 4180 quoting, and a leading ' on anything a spreadsheet would run as a formula. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

function text(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** An execution as the API sent it, as one CSV line; odd values are written as given, never dropped. */
export function csvExecutionLine(execution: Record<string, unknown>): string {
  const metadata = execution.metadata
  return csvLine([
    text(execution.id),
    text(execution.state),
    text(execution.created_at),
    text(execution.updated_at),
    metadata === undefined || metadata === null ? '' : JSON.stringify(metadata),
  ])
}
