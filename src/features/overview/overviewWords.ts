import type { Coverage, CoverageNotes, OverviewAnswer } from '../../shared/overview'
import { dateTime } from '../../lib/windowText'
import { PRESET_MS } from '../../shared/timeWindow'

const number = new Intl.NumberFormat('en')
export const formatCount = (count: number) => number.format(count)
const clock = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour12: false })

/** How a count is to be read under its coverage: exactly, as a lower bound, or as "so far". */
export function countPrefix(coverage: Coverage): string {
  return coverage.kind === 'exact' ? '' : '≥ '
}

/** The total, said as what it is. */
export function totalText(answer: OverviewAnswer): string {
  const total = formatCount(answer.total)
  switch (answer.coverage.kind) {
    case 'exact':
      return total
    case 'counting':
      return `${total} so far`
    default:
      return `at least ${total}`
  }
}

const calls = (n: number) => `${formatCount(n)} call${n === 1 ? '' : 's'}`

/** The coverage line: where the counts come from and how far they can be trusted. */
export function coverageLine(coverage: Coverage): string {
  switch (coverage.kind) {
    case 'exact':
      return `Exact as of ${clock(coverage.asOf)}, ${formatCount(coverage.executions)} executions, ${calls(coverage.calls)}`
    case 'at_least':
      return `At least ${formatCount(coverage.executions)} executions (as of ${clock(coverage.asOf)}): ${coverage.reason}`
    case 'counting':
      return coverage.estimate === null
        ? `Counting: ${formatCount(coverage.executions)} so far, ${calls(coverage.calls)}`
        : `Counting ${formatCount(coverage.executions)} of about ${formatCount(coverage.estimate)}`
    case 'failed':
      return `Could not count: ${coverage.reason} (${formatCount(coverage.executions)} seen before, at ${clock(coverage.at)})`
  }
}

/** The notes that change how the counts read; nothing when there is nothing to say. */
export function noteLines(answer: OverviewAnswer): string[] {
  const notes: CoverageNotes = answer.notes
  const lines: string[] = []
  if (notes.refreshFailing)
    lines.push(
      `Refreshing has failed since ${clock(notes.refreshFailing.since)}: ${notes.refreshFailing.reason}. The counts are as of the last success.`,
    )
  if (notes.excluded > 0)
    lines.push(
      `${formatCount(notes.excluded)} rows the API returned do not match these filters and were left out.`,
    )
  if (answer.pending > 0)
    lines.push(
      `${formatCount(answer.pending)} finished without the index seeing how; their outcome is being checked.`,
    )
  if (answer.window !== null && answer.undated > 0)
    lines.push(`${formatCount(answer.undated)} have no usable time, so no window holds them.`)
  if (answer.scanner === 'another replica') lines.push('Counted by another replica of the dashboard.')
  return lines
}

export { PRESET_LABELS, windowText } from '../../lib/windowText'

/** A bucket's span in words: times within a day, dates beyond. */
export function bucketText(start: number, bucketMs: number): string {
  const end = start + bucketMs
  if (bucketMs >= PRESET_MS['24h']) return `${dateTime(start)} – ${dateTime(end)}`
  return `${clock(start).slice(0, 5)} – ${clock(end).slice(0, 5)}`
}
