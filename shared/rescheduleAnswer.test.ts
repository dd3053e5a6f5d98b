import { describe, expect, it } from 'vitest'
import { readRescheduleAnswer, rescheduledState } from './rescheduleAnswer.ts'

const execution = (id: string, state = 'created') => ({
  id,
  state,
  created_at: '2026-11-22T09:00:00Z',
  updated_at: '2026-11-22T09:05:00Z',
})

describe('a reschedule’s answer, read once for the browser and the trail', () => {
  it.each([
    ['under data', { data: execution('e1') }],
    ['at the top level', execution('e1')],
    ['under execution', { execution: execution('e1') }],
  ])('finds the execution %s', (_where, payload) => {
    expect(readRescheduleAnswer('e1', 200, payload)).toMatchObject({
      kind: 'applied',
      execution: { id: 'e1' },
    })
    expect(rescheduledState('e1', 200, payload)).toBe('created')
  })

  it('tells a new execution from the one asked for, and an answer that proves nothing', () => {
    expect(readRescheduleAnswer('e1', 200, { data: execution('e2') })).toMatchObject({
      kind: 'new-execution',
      execution: { id: 'e2' },
    })
    expect(readRescheduleAnswer('e1', 202, null)).toEqual({
      kind: 'requested',
      status: 202,
      requestedId: 'e1',
    })
  })

  it('gives the trail a state the answer names without a whole execution, and none when it names none', () => {
    expect(rescheduledState('e1', 202, { execution: { state: 'scheduled' } })).toBe('scheduled')
    expect(rescheduledState('e1', 204, null)).toBeNull()
    expect(rescheduledState('e1', 200, { ok: true })).toBeNull()
  })
})
