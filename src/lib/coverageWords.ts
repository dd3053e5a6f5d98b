/* How a count from the index is said: with its coverage, never as more than it is. */
import type { Coverage } from '../../shared/coverage'

const number = new Intl.NumberFormat('en')
export const formatCount = (count: number) => number.format(count)
// One formatter, made once: toLocaleTimeString with options builds one per call (about 50 µs), and the
// histogram says 96 times a render.
const time = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})
/** "14:02:11" in this browser's zone. */
export const clock = (at: number) => time.format(at)

/** How a count is to be read under its coverage: exactly, as a lower bound, or as "so far". */
export function countPrefix(coverage: Coverage): string {
  return coverage.kind === 'exact' ? '' : '≥ '
}

const calls = (n: number) => `${formatCount(n)} call${n === 1 ? '' : 's'}`

/** The coverage line: where the counts come from and how far they can be trusted. */
export function coverageLine(coverage: Coverage): string {
  switch (coverage.kind) {
    case 'exact':
      return `Exact as of ${clock(coverage.asOf)}, ${formatCount(coverage.executions)} executions of these filters verified, ${calls(coverage.calls)}`
    case 'at_least':
      return `At least ${formatCount(coverage.executions)} executions of these filters (as of ${clock(coverage.asOf)}): ${coverage.reason}`
    case 'counting':
      return coverage.estimate === null
        ? `Counting: ${formatCount(coverage.executions)} so far, ${calls(coverage.calls)}`
        : `Counting ${formatCount(coverage.executions)} of about ${formatCount(coverage.estimate)}`
    case 'failed':
      return `Could not count: ${coverage.reason} (${formatCount(coverage.executions)} seen before, at ${clock(coverage.at)})`
  }
}
