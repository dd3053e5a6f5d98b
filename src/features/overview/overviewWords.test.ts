import { describe, expect, it } from 'vitest'
import type { OverviewAnswer } from '../../../shared/overview'
import { dateTime } from '../../lib/windowText'
import { clock } from '../../lib/coverageWords'
import { bucketText, countPrefix, coverageLine, noteLines, totalText, windowText } from './overviewWords'

const AT = Date.UTC(2026, 10, 23, 9, 30, 0)
const HOUR = 3_600_000
const DAY = 24 * HOUR
const base: OverviewAnswer = {
  filters: { states: [], metadata: [] },
  window: null,
  undated: 0,
  runningBefore: 0,
  histogram: null,
  counts: { created: 0, started: 0, succeed: 0, failed: 0 },
  other: {},
  pending: 0,
  total: 1234,
  coverage: { kind: 'exact', asOf: AT, executions: 1234, calls: 1 },
  notes: { excluded: 0, pending: 0, order: 'unknown', refreshFailing: null },
  scanner: 'this replica',
  generatedAt: AT,
}

describe('overview words', () => {
  it('says each coverage as what it is', () => {
    expect(coverageLine({ kind: 'exact', asOf: AT, executions: 1, calls: 1 })).toMatch(
      /^Exact as of .*, 1 executions of these filters verified, 1 call$/,
    )
    expect(
      coverageLine({ kind: 'at_least', asOf: AT, executions: 50_000, calls: 500, reason: 'the row cap' }),
    ).toMatch(/^At least 50,000 executions of these filters \(as of .*\): the row cap$/)
    expect(coverageLine({ kind: 'counting', executions: 12, estimate: null, calls: 2 })).toBe(
      'Counting: 12 so far, 2 calls',
    )
    expect(coverageLine({ kind: 'counting', executions: 12, estimate: 40, calls: 2 })).toBe(
      'Counting 12 of about 40',
    )
    expect(coverageLine({ kind: 'failed', at: AT, executions: 3, calls: 1, reason: 'HTTP 500' })).toMatch(
      /^Could not count: HTTP 500 \(3 seen before, at .*\)$/,
    )
  })

  it('never shows a lower bound as a plain number', () => {
    expect([countPrefix(base.coverage), totalText(base)]).toEqual(['', '1,234'])
    const counting = {
      ...base,
      coverage: { kind: 'counting', executions: 1, estimate: null, calls: 1 },
    } as const
    expect([countPrefix(counting.coverage), totalText(counting)]).toEqual(['≥ ', '1,234 so far'])
    const failed = {
      ...base,
      coverage: { kind: 'failed', at: AT, executions: 1, calls: 1, reason: 'x' },
    } as const
    expect(totalText(failed)).toBe('at least 1,234')
  })

  it('lists only the notes that apply', () => {
    expect(noteLines(base)).toEqual([])
    const lines = noteLines({
      ...base,
      window: { from: AT, to: null, field: 'created' },
      undated: 2,
      pending: 3,
      scanner: 'another replica',
      notes: { excluded: 4, pending: 3, order: 'none', refreshFailing: { since: AT, reason: 'HTTP 503' } },
    })
    expect(lines).toHaveLength(5)
    expect(lines.join(' ')).toMatch(
      /Refreshing has failed since .*HTTP 503.*4 rows.*3 finished.*2 have no usable time.*another replica/,
    )
  })

  it('says counts read back after a start are the index’s as last written, and when', () => {
    const [line] = noteLines({ ...base, notes: { ...base.notes, readBack: { writtenAt: AT } } })
    expect(line).toBe(
      `The server has just started: these counts are the index's as it last wrote them, at ${clock(AT)}, while it reads the rest back.`,
    )
    expect(noteLines({ ...base, notes: { ...base.notes, readBack: null } })).toEqual([])
  })

  it('says a window read back so far is of the executions read so far', () => {
    const reading = {
      ...base,
      window: { from: AT, to: null, field: 'created' },
      total: 12,
      coverage: { kind: 'counting', executions: 340, estimate: 1_000, calls: 4 },
      notes: { ...base.notes, readBack: { writtenAt: AT } },
    } as const
    expect(noteLines(reading)).toEqual([
      `The server has just started and is reading the index back, as it last wrote it at ${clock(AT)}: these counts are of the executions read so far.`,
    ])
    expect(totalText(reading)).toBe('12 so far')
    const held = { since: AT, reason: 'HTTP 429' }
    expect(noteLines({ ...reading, notes: { ...reading.notes, verifyTrouble: held } })[1]).toBe(
      `When the index was last written, verifying had been held up since ${clock(AT)}: HTTP 429.`,
    )
  })

  it('says windows and buckets in words', () => {
    expect(windowText({ kind: 'any', field: 'created' })).toBe('Any time')
    expect(windowText({ kind: 'relative', preset: '6h', field: 'updated' })).toBe(
      'Last 6 hours (by last update)',
    )
    expect(windowText({ kind: 'absolute', from: null, to: null, field: 'created' })).toBe(
      'From the beginning to now',
    )
    expect(windowText({ kind: 'absolute', from: AT, to: AT + 60_000, field: 'created' })).toMatch(
      /^From .* to .*$/,
    )
    expect(bucketText(AT, 5 * 60_000, 6 * HOUR)).toMatch(/^\d\d:\d\d – \d\d:\d\d$/)
    expect(bucketText(AT, DAY, 30 * DAY)).toMatch(/2026.* – .*2026/)
  })

  it('dates every bucket of a chart longer than a day, where the same times recur', () => {
    const midnight = new Date(2026, 10, 23).getTime()
    const morning = bucketText(midnight, 12 * HOUR, 14 * DAY)
    const evening = bucketText(midnight + 12 * HOUR, 12 * HOUR, 14 * DAY)
    const nextMorning = bucketText(midnight + DAY, 12 * HOUR, 14 * DAY)
    expect(morning).toBe(`${dateTime(midnight)} – 12:00`)
    expect(evening).toBe(`${dateTime(midnight + 12 * HOUR)} – 00:00`)
    expect(new Set([morning, evening, nextMorning]).size).toBe(3)
    // A run across days names both dates.
    expect(bucketText(midnight, 36 * HOUR, 14 * DAY)).toBe(
      `${dateTime(midnight)} – ${dateTime(midnight + 36 * HOUR)}`,
    )
    // Within a day, the times alone.
    expect(bucketText(midnight + 12 * HOUR, 30 * 60_000, DAY)).toBe('12:00 – 12:30')
  })

  it('says a bucket in UTC when the Times setting asks, dates and the same-day check included, and names it', () => {
    const utcMidnight = Date.UTC(2026, 10, 23)
    expect(bucketText(utcMidnight, 12 * HOUR, 14 * DAY, true)).toBe('23 Nov 2026, 00:00 – 12:00 UTC')
    expect(bucketText(utcMidnight + 12 * HOUR, 12 * HOUR, 14 * DAY, true)).toBe(
      '23 Nov 2026, 12:00 – 00:00 UTC',
    )
    expect(bucketText(utcMidnight + 23 * HOUR, 2 * HOUR, 14 * DAY, true)).toBe(
      '23 Nov 2026, 23:00 – 24 Nov 2026, 01:00 UTC',
    )
    expect(bucketText(utcMidnight + 12 * HOUR, 30 * 60_000, DAY, true)).toBe('12:00 – 12:30 UTC')
  })

  it('ends a refresh failure’s reason with one full stop, whether or not it has its own', () => {
    const failing = (reason: string) =>
      noteLines({ ...base, notes: { ...base.notes, refreshFailing: { since: AT, reason } } })[0]
    expect(failing('HTTP 503 Service Unavailable.')).toMatch(
      /: HTTP 503 Service Unavailable\. The counts are/,
    )
    expect(failing('HTTP 503')).toMatch(/: HTTP 503\. The counts are/)
  })
})
