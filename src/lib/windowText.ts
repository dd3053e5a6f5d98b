import type { TimeWindow, WindowPreset } from '../../shared/timeWindow'

export const PRESET_LABELS: Record<WindowPreset, string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
}

const dateTimeIn = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', { hour12: false, dateStyle: 'medium', timeStyle: 'short', timeZone })
// Made once each (a formatter per call costs about 50 µs).
const LOCAL = dateTimeIn()
const UTC = dateTimeIn('UTC')

/** An instant in words, in this browser's zone or (`utc`) in UTC, which it then names. */
export const dateTime = (at: number, utc = false) => (utc ? `${UTC.format(at)} UTC` : LOCAL.format(at))

/** The window in words, for the control, the histogram and the export; `utc` follows the Times setting. */
export function windowText(window: TimeWindow, utc = false): string {
  const on = window.field === 'updated' ? ' (by last update)' : ''
  if (window.kind === 'any') return 'Any time'
  if (window.kind === 'relative') return PRESET_LABELS[window.preset] + on
  const from = window.from === null ? 'the beginning' : dateTime(window.from, utc)
  const to = window.to === null ? 'now' : dateTime(window.to, utc)
  return `From ${from} to ${to}${on}`
}

/** The zone a custom range is typed in: UTC when the Times setting says so, else this browser's. */
export function zoneName(utc: boolean): string {
  if (utc) return 'UTC'
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'this browser’s time zone'
}
