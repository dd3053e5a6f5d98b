import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ItemResult, RunSnapshot } from './bulkRun'
import { BulkProgress } from './BulkProgress'

const STARTED = Date.parse('2026-11-25T10:00:00Z')
const TOTAL = 100

/** A running run of TOTAL ids, `done` of them answered. */
function running(done: number): RunSnapshot {
  const results = new Map<string, ItemResult>(
    Array.from({ length: TOTAL }, (_, index) => [
      `e-${index}`,
      index < done ? { kind: 'done', said: 'rescheduled' } : { kind: 'pending' },
    ]),
  )
  return {
    status: 'running',
    results,
    done,
    failed: 0,
    unknown: 0,
    remaining: TOTAL - done,
    startedAt: STARTED,
    waitingUntil: null,
    pausedBecause: null,
  }
}

const noop = () => {}
const spoken = () => screen.getByRole('status').textContent
/** The clock moves on to `seconds` after the start (the component re-reads it every second). */
const at = (seconds: number) =>
  act(() => {
    vi.advanceTimersByTime(STARTED + seconds * 1000 - Date.now())
  })

describe('the bulk run’s progress, as screen readers hear it', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(STARTED)
  })
  afterEach(() => vi.useRealTimers())

  it('changes at each 10 % of the run and after 10 s without one, not with each answer', () => {
    const view = render(<BulkProgress snapshot={running(0)} onPause={noop} onResume={noop} onCancel={noop} />)
    const answered = (done: number) =>
      view.rerender(<BulkProgress snapshot={running(done)} onPause={noop} onResume={noop} onCancel={noop} />)
    expect(spoken()).toBe('0 of 100 done')
    // The visible figures follow every answer; the live region does not.
    at(1)
    answered(4)
    expect(screen.getByRole('progressbar', { name: 'Bulk reschedule progress' })).toHaveValue(4)
    expect(spoken()).toBe('0 of 100 done')
    at(2)
    answered(9)
    expect(spoken()).toBe('0 of 100 done')

    // A 10 % step is heard at once.
    answered(10)
    expect(spoken()).toBe('10 of 100 done')
    answered(13)
    at(9)
    answered(17)
    expect(spoken()).toBe('10 of 100 done')

    // 10 s in without another 10 %: the count is heard then, not a second before.
    at(10)
    expect(spoken()).toBe('17 of 100 done')
    answered(19)
    at(19)
    expect(spoken()).toBe('17 of 100 done')
    at(20)
    expect(spoken()).toBe('19 of 100 done')

    // The next 10 % step, between two 10 s marks.
    at(23)
    answered(20)
    expect(spoken()).toBe('20 of 100 done')
    answered(29)
    at(29)
    expect(spoken()).toBe('20 of 100 done')
  })
})
