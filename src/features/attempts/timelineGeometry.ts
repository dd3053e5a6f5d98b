import { timestampInstant } from '../../api'
interface TimedItem {
  id: string
  state: string
  created_at: string
  updated_at: string
}

export interface TimelineBar {
  id: string
  state: string
  /** Left edge and width as fractions (0–1) of the shared axis. */
  x: number
  width: number
  startMs: number
  endMs: number
  durationMs: number
}

export interface TimelineGap {
  afterId: string
  beforeId: string
  x: number
  width: number
  durationMs: number
}

export interface TimelineLayout {
  startMs: number
  endMs: number
  bars: TimelineBar[]
  gaps: TimelineGap[]
}

/** Bars narrower than this fraction of the axis would vanish; they are widened to stay visible. */
export const MIN_BAR_FRACTION = 0.004

/**
 * Lays attempts out on one time axis, oldest first: a bar from created_at to updated_at, and a gap
 * wherever an attempt starts after every earlier one has ended.
 */
export function layoutTimeline(items: readonly TimedItem[]): TimelineLayout {
  const timed = items
    .map((item) => {
      const startMs = timestampInstant(item.created_at) ?? NaN
      const endMs = Math.max(startMs, timestampInstant(item.updated_at) ?? NaN)
      return { item, startMs, endMs }
    })
    .filter(({ startMs, endMs }) => Number.isFinite(startMs) && Number.isFinite(endMs))
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)

  const first = timed[0]
  if (!first) return { startMs: 0, endMs: 0, bars: [], gaps: [] }
  const startMs = first.startMs
  const endMs = Math.max(...timed.map((entry) => entry.endMs))
  const span = Math.max(endMs - startMs, 1)
  const fraction = (ms: number) => (ms - startMs) / span

  const bars = timed.map(({ item, startMs: barStart, endMs: barEnd }) => {
    const width = Math.max(fraction(barEnd) - fraction(barStart), MIN_BAR_FRACTION)
    return {
      id: item.id,
      state: item.state,
      x: Math.min(fraction(barStart), 1 - width),
      width,
      startMs: barStart,
      endMs: barEnd,
      durationMs: barEnd - barStart,
    }
  })

  const gaps: TimelineGap[] = []
  let latestEnd = first.endMs
  let latestId = first.item.id
  for (const { item, startMs: nextStart, endMs: nextEnd } of timed.slice(1)) {
    if (nextStart > latestEnd) {
      gaps.push({
        afterId: latestId,
        beforeId: item.id,
        x: fraction(latestEnd),
        width: fraction(nextStart) - fraction(latestEnd),
        durationMs: nextStart - latestEnd,
      })
    }
    if (nextEnd >= latestEnd) {
      latestEnd = nextEnd
      latestId = item.id
    }
  }
  return { startMs, endMs, bars, gaps }
}
