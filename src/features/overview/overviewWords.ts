import type { CoverageNotes, OverviewAnswer } from '../../shared/overview'
import { dateTime } from '../../lib/windowText'
import { clock, formatCount } from '../../lib/coverageWords'
import { PRESET_MS } from '../../shared/windowBounds'

export { countPrefix, coverageLine, formatCount } from '../../lib/coverageWords'

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
