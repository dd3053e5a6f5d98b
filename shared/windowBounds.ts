import type { TimeWindow, WindowPreset } from './timeWindow.ts'

/* What a window covers in instants, and the histogram's buckets: the index's and a share link's arithmetic. */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const PRESET_MS: Record<WindowPreset, number> = {
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '6h': 6 * HOUR,
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
}

/** The instants a window covers now: `from` inclusive, `to` exclusive; null is open. */
export function resolveWindow(window: TimeWindow, now: number): { from: number | null; to: number | null } {
  if (window.kind === 'relative') return { from: now - PRESET_MS[window.preset], to: null }
  if (window.kind === 'absolute') return { from: window.from, to: window.to }
  return { from: null, to: null }
}

/** A relative window pinned to absolute bounds at `now` (a share link that describes an incident). */
export function pinWindow(window: TimeWindow, now: number): TimeWindow {
  if (window.kind !== 'relative') return window
  return { kind: 'absolute', from: now - PRESET_MS[window.preset], to: now, field: window.field }
}

const NICE_BUCKETS_MS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
  7 * 24 * HOUR,
]

/** A bucket size for a span: the smallest "nice" one that makes at most `most` buckets (minutes to days). */
export function bucketFor(spanMs: number, most = 48): number {
  return NICE_BUCKETS_MS.find((size) => spanMs / size <= most) ?? NICE_BUCKETS_MS.at(-1) ?? HOUR
}
