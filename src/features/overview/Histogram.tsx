import { memo, useState, type KeyboardEvent } from 'react'
import type { Histogram as HistogramData, HistogramBucket } from '../../../shared/overview'
import { KNOWN_EXECUTION_STATES, type KnownExecutionState } from '../../../shared/states'
import { bucketText, formatCount } from './overviewWords'
import { rangeBounds, useBucketRange, type BucketRange } from './useBucketRange'

const STATE_LABELS: Record<KnownExecutionState, string> = {
  created: 'Created',
  started: 'Started',
  succeed: 'Succeeded',
  failed: 'Failed',
}

const totalOf = (bucket: HistogramBucket) =>
  KNOWN_EXECUTION_STATES.reduce((sum, state) => sum + bucket.known[state], bucket.other)

/** How long the whole chart spans, which says whether a bucket's words need its date (overviewWords). */
const chartSpan = (buckets: HistogramBucket[], bucketMs: number) => buckets.length * bucketMs

function bucketWords(bucket: HistogramBucket, bucketMs: number, chartMs: number, utc: boolean): string {
  const parts = KNOWN_EXECUTION_STATES.filter((state) => bucket.known[state] > 0).map(
    (state) => `${formatCount(bucket.known[state])} ${STATE_LABELS[state].toLowerCase()}`,
  )
  if (bucket.other > 0) parts.push(`${formatCount(bucket.other)} other`)
  return `${bucketText(bucket.start, bucketMs, chartMs, utc)}: ${parts.length > 0 ? parts.join(', ') : 'none'}`
}

function rangeWords(
  buckets: HistogramBucket[],
  range: BucketRange,
  bucketMs: number,
  utc: boolean,
): string | null {
  const [first, last] = rangeBounds(range)
  const start = buckets[first]?.start
  const end = buckets[last]?.start
  if (first === last || start === undefined || end === undefined) return null
  const total = buckets.slice(first, last + 1).reduce((sum, bucket) => sum + totalOf(bucket), 0)
  const spanMs = end - start + bucketMs
  return `${bucketText(start, spanMs, chartSpan(buckets, bucketMs), utc)}: ${formatCount(total)} executions; release, or press Enter, to narrow the window to them`
}

interface HistogramProps {
  histogram: HistogramData
  /** Narrows the time window to one bucket. */
  onNarrow: (from: number, to: number) => void
  /** The Times setting: the buckets' words in UTC, which they then name. */
  utc?: boolean
}

/**
 * The filtered set over time, stacked by state: one button per bucket (one tab stop, arrow keys move, Enter
 * narrows the window to it; a drag or Shift+arrows choose several), a readout of the bucket under the pointer
 * or focus, and the same figures as a table for screen readers.
 */
export const Histogram = memo(
  function Histogram({ histogram, onNarrow, utc = false }: HistogramProps) {
    const { buckets, bucketMs } = histogram
    const [active, setActive] = useState<number | null>(null)
    const [focusIndex, setFocusIndex] = useState(Math.max(0, buckets.length - 1))
    const tallest = Math.max(1, ...buckets.map(totalOf))
    const chartMs = chartSpan(buckets, bucketMs)
    const narrowTo = (first: number, last: number) => {
      const start = buckets[first]?.start
      const end = buckets[last]?.start
      if (start !== undefined && end !== undefined) onNarrow(start, end + bucketMs)
    }
    const chooser = useBucketRange(buckets.length, narrowTo)
    const chosen = chooser.range ? rangeWords(buckets, chooser.range, bucketMs, utc) : null
    const readout =
      chosen ??
      (active !== null && buckets[active] ? bucketWords(buckets[active], bucketMs, chartMs, utc) : null)
    const inRange = (index: number) => {
      if (!chooser.range || chosen === null) return false
      const [first, last] = rangeBounds(chooser.range)
      return index >= first && index <= last
    }

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape' && chooser.range) {
        event.stopPropagation()
        chooser.clear()
        return
      }
      const moves: Record<string, number> = {
        ArrowLeft: -1,
        ArrowRight: 1,
        Home: -buckets.length,
        End: buckets.length,
      }
      const move = moves[event.key]
      if (move === undefined) return
      event.preventDefault()
      const next = Math.min(buckets.length - 1, Math.max(0, focusIndex + move))
      if (event.shiftKey) chooser.extend(focusIndex, next)
      else chooser.clear()
      setFocusIndex(next)
      setActive(next)
      event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
    }

    return (
      <figure className="histogram">
        <figcaption className="visually-hidden">Executions over time, by state</figcaption>
        <div
          className="histogram-bars"
          role="toolbar"
          aria-label="Executions over time"
          onKeyDown={onKeyDown}
          {...chooser.pointer}
        >
          {buckets.map((bucket, index) => {
            const total = totalOf(bucket)
            return (
              <button
                key={bucket.start}
                type="button"
                className={inRange(index) ? 'histogram-bar is-chosen' : 'histogram-bar'}
                tabIndex={index === focusIndex ? 0 : -1}
                aria-label={`${bucketWords(bucket, bucketMs, chartMs, utc)}. Narrow the time window to this`}
                onClick={() => {
                  if (chooser.takeDragClick()) return
                  const range = chooser.range
                  chooser.clear()
                  if (range && chosen !== null) narrowTo(...rangeBounds(range))
                  else onNarrow(bucket.start, bucket.start + bucketMs)
                }}
                onFocus={() => {
                  setFocusIndex(index)
                  setActive(index)
                }}
                onMouseEnter={() => setActive(index)}
                onMouseLeave={() => setActive(null)}
                onBlur={() => setActive(null)}
              >
                <span className="histogram-stack" style={{ height: `${(total / tallest) * 100}%` }}>
                  {KNOWN_EXECUTION_STATES.map((state) =>
                    bucket.known[state] > 0 ? (
                      <span
                        key={state}
                        className={`histogram-part tone-${state}`}
                        style={{ flexGrow: bucket.known[state] }}
                      />
                    ) : null,
                  )}
                  {bucket.other > 0 ? (
                    <span className="histogram-part tone-unknown" style={{ flexGrow: bucket.other }} />
                  ) : null}
                </span>
              </button>
            )
          })}
        </div>
        <p className="histogram-readout muted" aria-hidden="true">
          {readout ??
            'Point at or focus a bar for its figures; a click or Enter narrows the window to it, a drag or Shift+arrows to several.'}
        </p>
        {/* Not a status role: the overview's one status is its coverage line. */}
        <p className="visually-hidden" aria-live="polite">
          {chosen ?? ''}
        </p>
        {/* In a hidden box of its own: a table takes its content's width whatever its own, and made the page
            scroll sideways on a phone (issue 47 §5). */}
        <div className="visually-hidden">
          <table>
            <caption>Executions per time bucket and state</caption>
            <thead>
              <tr>
                <th scope="col">From – to</th>
                {KNOWN_EXECUTION_STATES.map((state) => (
                  <th key={state} scope="col">
                    {STATE_LABELS[state]}
                  </th>
                ))}
                <th scope="col">Other</th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucketText(bucket.start, bucketMs, chartMs, utc)}</th>
                  {KNOWN_EXECUTION_STATES.map((state) => (
                    <td key={state}>{formatCount(bucket.known[state])}</td>
                  ))}
                  <td>{formatCount(bucket.other)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    )
  },
  // It draws the buckets alone: an answer of a later moment (a new `end`) with the same buckets, which a refresh
  // that changes nothing brings (the query cache keeps them the same array), draws nothing new.
  (before, after) =>
    before.histogram.buckets === after.histogram.buckets &&
    before.histogram.bucketMs === after.histogram.bucketMs &&
    before.onNarrow === after.onNarrow &&
    before.utc === after.utc,
)
