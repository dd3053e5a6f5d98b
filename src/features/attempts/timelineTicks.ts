const STEPS_MS = [
  1_000,
  5_000,
  15_000,
  30_000,
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  86_400_000,
  7 * 86_400_000,
]

export interface TimelineTick {
  /** Position on the axis, 0–1. */
  fraction: number
  label: string
}

/**
 * Round-valued ticks between start and end, at most `maxTicks` of them, labelled in the chosen zone: clock
 * times (with seconds for short spans), or day and time when the span crosses days.
 */
export function timelineTicks(startMs: number, endMs: number, zone: 'local' | 'utc', maxTicks = 4) {
  const span = Math.max(endMs - startMs, 1)
  const step = STEPS_MS.find((candidate) => span / candidate <= maxTicks) ?? span / maxTicks
  const timeZone = zone === 'utc' ? 'UTC' : undefined
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' })
  const crossesDays = day.format(startMs) !== day.format(endMs)
  const format = new Intl.DateTimeFormat(zone === 'utc' ? 'en-GB' : undefined, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(step < 60_000 ? { second: '2-digit' } : {}),
    ...(crossesDays ? { month: 'short', day: 'numeric' } : {}),
  })
  // Round in the zone's own minutes: local offsets are whole minutes, so second and minute steps line up.
  const offsetMs = zone === 'utc' ? 0 : -new Date(startMs).getTimezoneOffset() * 60_000
  const first = Math.ceil((startMs + offsetMs) / step) * step - offsetMs
  const ticks: TimelineTick[] = []
  for (let at = first; at <= endMs && ticks.length < maxTicks + 1; at += step)
    ticks.push({ fraction: (at - startMs) / span, label: format.format(at) })
  return ticks
}

/** The zone the axis is in, said next to it: "UTC", or the browser's zone name. */
export function zoneName(zone: 'local' | 'utc'): string {
  if (zone === 'utc') return 'UTC'
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time'
}
