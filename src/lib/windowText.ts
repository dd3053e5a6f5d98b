import type { TimeWindow, WindowPreset } from '../shared/timeWindow'

export const PRESET_LABELS: Record<WindowPreset, string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
}

export const dateTime = (at: number) =>
  new Date(at).toLocaleString('en-GB', { hour12: false, dateStyle: 'medium', timeStyle: 'short' })

/** The window in words, for the control, the histogram and the export. */
export function windowText(window: TimeWindow): string {
  const on = window.field === 'updated' ? ' (by last update)' : ''
  if (window.kind === 'any') return 'Any time'
  if (window.kind === 'relative') return PRESET_LABELS[window.preset] + on
  const from = window.from === null ? 'the beginning' : dateTime(window.from)
  const to = window.to === null ? 'now' : dateTime(window.to)
  return `From ${from} to ${to}${on}`
}
