import type { CoverageNotes, OverviewAnswer } from '../../../shared/overview'
import { clock, formatCount } from '../../lib/coverageWords'
import { PRESET_MS } from '../../../shared/windowBounds'

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

/** The reason as a sentence: its own full stop (an API's message often has one), or one added. */
function asSentence(reason: string): string {
  const trimmed = reason.trimEnd()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** A walk held up (the API asks to wait, or the last one stopped early), and what the counts rest on meanwhile. */
function verifyTroubleLine(answer: OverviewAnswer, trouble: { since: number; reason: string }): string {
  const { coverage } = answer
  const held = `since ${clock(trouble.since)}: ${asSentence(trouble.reason)}`
  // Read back after a start, the trouble is the one the index had when it last wrote, not the reading's.
  if (answer.notes.readBack) return `When the index was last written, verifying had been held up ${held}`
  if (coverage.kind === 'counting' || coverage.kind === 'failed') return `Counting has been held up ${held}`
  return `Verifying again has been held up ${held} The counts stay verified as of ${clock(coverage.asOf)}.`
}

/** The notes that change how the counts read; nothing when there is nothing to say. */
export function noteLines(answer: OverviewAnswer): string[] {
  const notes: CoverageNotes = answer.notes
  const lines: string[] = []
  if (notes.readBack)
    lines.push(
      answer.coverage.kind === 'counting'
        ? `The server has just started and is reading the index back, as it last wrote it at ${clock(notes.readBack.writtenAt)}: these counts are of the executions read so far.`
        : `The server has just started: these counts are the index's as it last wrote them, at ${clock(notes.readBack.writtenAt)}, while it reads the rest back.`,
    )
  if (notes.refreshFailing)
    lines.push(
      `Refreshing has failed since ${clock(notes.refreshFailing.since)}: ${asSentence(notes.refreshFailing.reason)} The counts are as of the last success.`,
    )
  if (notes.verifyTrouble) lines.push(verifyTroubleLine(answer, notes.verifyTrouble))
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

const DAY_MS = PRESET_MS['24h']
// Made once per zone, as the others: the histogram says a bucket's span several times a bar.
const formatsIn = (timeZone?: string) => ({
  day: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone }),
  hoursMinutes: new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }),
})
const LOCAL_FORMATS = formatsIn()
const UTC_FORMATS = formatsIn('UTC')

/**
 * A span of the histogram (one bucket or a run of them) in words, in the Times setting's zone (`utc` names UTC).
 * Times alone while the whole chart is within a day; past that the same times recur (00:00 – 12:00 every day), so
 * each span carries its date, and its end the time alone when it ends on that day.
 */
export function bucketText(start: number, spanMs: number, chartMs: number, utc = false): string {
  const { day, hoursMinutes } = utc ? UTC_FORMATS : LOCAL_FORMATS
  const zone = utc ? ' UTC' : ''
  const end = start + spanMs
  const at = (instant: number) => `${day.format(instant)}, ${hoursMinutes.format(instant)}`
  if (chartMs <= DAY_MS && spanMs < DAY_MS)
    return `${hoursMinutes.format(start)} – ${hoursMinutes.format(end)}${zone}`
  const endsThatDay = spanMs < DAY_MS && day.format(start) === day.format(end - 1)
  return `${at(start)} – ${endsThatDay ? hoursMinutes.format(end) : at(end)}${zone}`
}
