import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from './apiError'
import { rememberExecution } from './executionCache'
import { executionKeys, rescheduleKeys } from './queryKeys'
import { isUnknownOutcome, recentRescheduleOf } from './reschedule'
import { rescheduledSince } from './rescheduledSince'
import type { RescheduleOutcome } from './rescheduleAnswer'

const execution = {
  id: 'b',
  state: 'created',
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
}

/** A reschedule as the row's confirmation sends it: a mutation keyed by the id. */
function reschedule(client: QueryClient, id: string, answer: () => Promise<RescheduleOutcome>) {
  return new MutationObserver(client, { mutationKey: rescheduleKeys.of(id), mutationFn: answer }).mutate()
}

describe('what this browser rescheduled', () => {
  it('reads the row reschedules from the mutation cache and a bulk run’s from its reports', async () => {
    const client = new QueryClient()
    await reschedule(client, 'a', () => Promise.resolve({ kind: 'requested', status: 202, requestedId: 'a' }))
    await reschedule(client, 'x', () =>
      Promise.reject(new ApiError({ kind: 'http', status: 409, message: 'no' })),
    ).catch(() => {})
    rememberExecution(client, execution, 'reschedule answer', Date.now())
    rememberExecution(client, { ...execution, id: 'found' }, 'list search', Date.now())
    expect([...rescheduledSince(client, Date.now() - 60_000)].sort()).toEqual(['a', 'b'])
    expect([...rescheduledSince(client, Date.now() + 60_000)]).toEqual([])
    expect(client.getQueryData(executionKeys.detail('b'))).toBeDefined()
  })

  it('says what a reschedule proved: an answer, an unknown outcome, or nothing (a refusal)', () => {
    const base = {
      submittedAt: 7,
      variables: undefined,
      context: undefined,
      failureCount: 0,
      failureReason: null,
      isPaused: false,
    }
    const outcome: RescheduleOutcome = { kind: 'applied', status: 200, requestedId: 'b', execution }
    expect(recentRescheduleOf({ ...base, status: 'success', data: outcome, error: null })).toEqual({
      at: 7,
      kind: 'answered',
      outcome,
    })
    const dropped = new ApiError({ kind: 'network', message: 'gone' })
    expect(recentRescheduleOf({ ...base, status: 'error', data: undefined, error: dropped })).toEqual({
      at: 7,
      kind: 'unknown',
      reason: 'gone',
    })
    const refused = new ApiError({ kind: 'http', status: 409, message: 'locked' })
    expect(recentRescheduleOf({ ...base, status: 'error', data: undefined, error: refused })).toBeNull()
    expect(recentRescheduleOf({ ...base, status: 'pending', data: undefined, error: null })).toBeNull()
  })

  it.each([
    [new ApiError({ kind: 'timeout', message: 't' }), true],
    [new ApiError({ kind: 'http', status: 502, message: 'x' }), true],
    [new ApiError({ kind: 'http', status: 404, message: 'x' }), false],
    // A 502 that says no connection could be made: it never reached the API.
    [
      new ApiError({
        kind: 'http',
        status: 502,
        code: 'upstream_not_sent',
        origin: 'dashboard',
        message: 'x',
      }),
      false,
    ],
    ['not an ApiError', true],
  ])('an outcome after %s is unknown: %s', (error, unknown) => {
    expect(isUnknownOutcome(error)).toBe(unknown)
  })
})
