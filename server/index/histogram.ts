import type { Histogram, HistogramBucket } from '../../shared/overview.ts'
import { bucketFor } from '../../shared/windowBounds.ts'
import { emptyKnown, stateMatcher, timeOf, type WindowBounds } from './counting.ts'
import type { Family } from './family.ts'

export type { Histogram, HistogramBucket } from '../../shared/overview.ts'

const MOST_BUCKETS = 48

/**
 * The family over time, stacked by state: buckets chosen from the window's span (minutes to days), aligned to
 * whole buckets. Without a start, the span begins at the oldest member; without an end, at `now`.
 */
export function histogramOf(
  family: Family,
  states: readonly string[],
  window: WindowBounds,
  now: number,
): Histogram | null {
  const matches = stateMatcher(states)
  let oldest = Infinity
  if (window.from === null) {
    for (const row of family.members.values()) {
      const time = timeOf(row, window.field)
      if (time !== null && time < oldest && matches(row)) oldest = time
    }
  }
  const start = window.from ?? (Number.isFinite(oldest) ? oldest : null)
  const end = window.to ?? now
  if (start === null || end <= start) return null
  const bucketMs = bucketFor(end - start, MOST_BUCKETS)
  const first = Math.floor(start / bucketMs) * bucketMs
  const count = Math.ceil((end - first) / bucketMs)
  const buckets: HistogramBucket[] = Array.from({ length: count }, (_, index) => ({
    start: first + index * bucketMs,
    known: emptyKnown(),
    other: 0,
  }))
  for (const row of family.members.values()) {
    const time = timeOf(row, window.field)
    if (time === null || time < start || time >= end || !matches(row)) continue
    const bucket = buckets[Math.floor((time - first) / bucketMs)]
    if (!bucket) continue
    if (row.meaning !== null && !row.outcomePending) bucket.known[row.meaning] += 1
    else bucket.other += 1
  }
  return { field: window.field, bucketMs, start: first, end, buckets }
}
