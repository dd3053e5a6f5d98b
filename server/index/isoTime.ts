/*
 * The ISO form of an instant (`Date#toISOString`), written and checked by arithmetic: V8's own takes about 1.7 µs,
 * and the index checks two times of every row it reads and writes two of every row it hands out.
 */

/** Year 10000: from there on (and before 1970) `toISOString` itself is used. */
const LAST = 253_402_300_800_000
const DAY = 86_400_000

/** [year, month, day, hour, minute, second, millisecond] in UTC of a whole ms in [0, LAST) (civil from days). */
function fieldsOf(ms: number): number[] {
  const days = Math.floor(ms / DAY)
  let rest = ms - days * DAY
  const shifted = days + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const fromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * fromMarch + 2) / 5) + 1
  const month = fromMarch < 10 ? fromMarch + 3 : fromMarch - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  const hour = Math.floor(rest / 3_600_000)
  rest -= hour * 3_600_000
  const minute = Math.floor(rest / 60_000)
  rest -= minute * 60_000
  const second = Math.floor(rest / 1000)
  return [year, month, day, hour, minute, second, rest - second * 1000]
}

const inRange = (ms: number) => Number.isInteger(ms) && ms >= 0 && ms < LAST
const padded = (value: number, width: number) => String(value).padStart(width, '0')

/** `new Date(ms).toISOString()`. */
export function isoOf(ms: number): string {
  if (!inRange(ms)) return new Date(ms).toISOString()
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, milli = 0] = fieldsOf(ms)
  return `${padded(year, 4)}-${padded(month, 2)}-${padded(day, 2)}T${padded(hour, 2)}:${padded(minute, 2)}:${padded(second, 2)}.${padded(milli, 3)}Z`
}

/** Where each field sits in `YYYY-MM-DDTHH:MM:SS.mmmZ`, and the separators between them. */
const SPANS = [0, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 23]
const SEPARATORS: [number, string][] = [
  [4, '-'],
  [7, '-'],
  [10, 'T'],
  [13, ':'],
  [16, ':'],
  [19, '.'],
  [23, 'Z'],
]

function digitsAt(text: string, from: number, to: number): number {
  let value = 0
  for (let index = from; index < to; index += 1) {
    const digit = text.charCodeAt(index) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/** Whether `text` is exactly `new Date(ms).toISOString()`, without making that string. */
export function isIsoOf(text: string, ms: number): boolean {
  if (!inRange(ms))
    return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 && text === new Date(ms).toISOString()
  if (text.length !== 24) return false
  for (const [index, separator] of SEPARATORS) if (text[index] !== separator) return false
  const fields = fieldsOf(ms)
  for (let field = 0; field < fields.length; field += 1)
    if (digitsAt(text, SPANS[field * 2] ?? 0, SPANS[field * 2 + 1] ?? 0) !== fields[field]) return false
  return true
}
