const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/
const COMPACT_OFFSET = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)([+-]\d{2})(\d{2})$/
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/
/** Epoch numbers above this are milliseconds (year 2286 in seconds), below it seconds. */
const MS_THRESHOLD = 10_000_000_000

/** A calendar date and time that exist: Date.parse would roll 2026-02-30 over to March 2. */
function isRealDate(value: string): boolean {
  const [year, month, day, hour, minute, second] = (value.match(/\d+/g) ?? []).map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 0) < 24 &&
    (minute ?? 0) < 60 &&
    (second ?? 0) < 60
  )
}

export function isRfc3339Timestamp(value: string): boolean {
  return RFC3339.test(value) && isRealDate(value)
}

/** A date and time the API gave without any offset: shown as given, never read as local or UTC. */
export function lacksTimeZone(value: string): boolean {
  return NO_OFFSET.test(value) && isRealDate(`${value}Z`)
}

/**
 * Reads the unambiguous near-misses of RFC 3339 that real APIs send: `+hhmm` offsets and epoch
 * seconds or milliseconds. A date-time without an offset is kept as given (see lacksTimeZone).
 * Returns null for anything else.
 */
export function normaliseTimestamp(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    const date = new Date(value >= MS_THRESHOLD ? value : value * 1000)
    return Number.isNaN(date.getTime()) ? null : date.toISOString()
  }
  if (typeof value !== 'string') return null
  if (isRfc3339Timestamp(value)) return value
  const compact = COMPACT_OFFSET.exec(value)
  if (compact) {
    const fixed = `${compact[1]}${compact[2]}:${compact[3]}`
    return isRfc3339Timestamp(fixed) ? fixed : null
  }
  return lacksTimeZone(value) ? value : null
}

/** The instant a normalised timestamp stands for, or null when it has no time zone (or is not one). */
export function timestampInstant(value: string): number | null {
  if (lacksTimeZone(value)) return null
  const instant = Date.parse(value.replace(/(\.\d{3})\d+/, '$1'))
  return Number.isNaN(instant) ? null : instant
}
