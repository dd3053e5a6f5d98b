import { describe, expect, it } from 'vitest'
import { failuresSince, MIN_BASIS, runningLong } from './digestFacts.ts'
import type { IndexedExecution } from './rows.ts'

const row = (
  id: string,
  meaning: IndexedExecution['meaning'],
  createdAt: number | null,
  updatedAt: number | null,
) =>
  ({
    id,
    state: meaning ?? 'odd',
    meaning,
    createdAt,
    updatedAt,
    createdText: null,
    updatedText: null,
    metadata: null,
    lastSeenAt: 0,
    outcomePending: false,
  }) satisfies IndexedExecution

describe('the digest’s facts', () => {
  it('counts failures changed after the last look, newest first, and none without a usable time', () => {
    const rows = [
      row('old', 'failed', 0, 100),
      row('new', 'failed', 0, 300),
      row('newer', 'failed', 0, 400),
      row('no-time', 'failed', 0, null),
      row('ok', 'succeed', 0, 500),
    ]
    expect(failuresSince(rows, 200)).toEqual({ count: 2, ids: ['newer', 'new'] })
  })

  it('names up to 10 of the failures, the newest, and counts them all', () => {
    const rows = Array.from({ length: 25 }, (_, index) => row(`f-${index}`, 'failed', 0, 1_000 + index))
    const { count, ids } = failuresSince(rows, 0)
    expect(count).toBe(25)
    expect(ids).toEqual(Array.from({ length: 10 }, (_, index) => `f-${24 - index}`))
  })

  it('calls running executions long past the 90th percentile of succeeded durations, oldest first', () => {
    const succeeded = Array.from({ length: MIN_BASIS }, (_, index) =>
      row(`s${index}`, 'succeed', 0, (index + 1) * 1000),
    )
    const rows = [
      ...succeeded,
      row('slow', 'started', 0, 0),
      row('slower', 'started', -5_000, 0),
      row('fresh', 'started', 9_000, 0),
    ]
    // 20 durations of 1..20 s: the 90th percentile is 19 s.
    expect(runningLong(rows, 20_000)).toEqual({
      count: 2,
      ids: ['slower', 'slow'],
      usualMs: 19_000,
      basis: 20,
    })
  })

  it('calls nothing long with fewer than 20 succeeded executions to judge by, and says so', () => {
    const rows = [row('s', 'succeed', 0, 10), row('running', 'started', 0, 0)]
    expect(runningLong(rows, 1_000_000)).toEqual({ count: 0, ids: [], usualMs: null, basis: 1 })
  })
})
