import { visibleCellText } from './visibleText.ts'

const FORMULA_START = /^[=+\-@\t\r]/

/**
 * RFC 4180 quoting, a leading ' on anything a spreadsheet would run as a formula, and control and format
 * characters (a bidi override in an id) drawn as `\u{202e}` rather than reordering the cells a person reads.
 */
export function csvCell(text: string): string {
  const value = visibleCellText(text)
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One CSV record with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** UTF-8 byte order mark, so spreadsheets read the file as UTF-8. */
export const CSV_BOM = '\uFEFF'
