import { INVISIBLE } from '../../shared/visibleText.ts'

/**
 * One NDJSON line. Control and format characters (a bidi override in an id, a zero-width space) are written as
 * `\uXXXX` escapes: a JSON reader gets the exact same string back, and a person reading the file sees them
 * instead of text that reorders or hides itself.
 */
export function ndjsonLine(value: unknown): string {
  const escape = (char: string) =>
    Array.from(
      { length: char.length },
      (_, unit) => `\\u${char.charCodeAt(unit).toString(16).padStart(4, '0')}`,
    ).join('')
  return `${JSON.stringify(value).replace(INVISIBLE, escape)}\n`
}
