import { afterEach, describe, expect, it } from 'vitest'
import { installFakeApi, type FakeApiAnswer, type InstalledFakeApi } from '../../test/fakeApi'
import { setUpMswServer } from '../../test/mswServer'
import { rescheduleExecution } from '../rescheduleCall'

const rescheduled = {
  id: 'exec-1',
  state: 'created',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-22T09:00:00Z',
}
setUpMswServer()
let api: InstalledFakeApi | null = null
afterEach(() => api?.restore())

/** Readings of the spec's open point "effect and response of schedule_for", one small API each. */
const readings: [name: string, answer: FakeApiAnswer, expected: object][] = [
  [
    'the spec: 200 {data: execution}',
    { status: 200, body: { data: rescheduled } },
    { kind: 'applied', execution: rescheduled },
  ],
  [
    '200 with the execution at the top level',
    { status: 200, body: rescheduled },
    { kind: 'applied', execution: rescheduled },
  ],
  ['200 with another body', { status: 200, body: { ok: true } }, { kind: 'requested', status: 200 }],
  ['201 with the execution', { status: 201, body: { data: rescheduled } }, { kind: 'applied', status: 201 }],
  [
    '202 accepted, nothing applied yet',
    { status: 202, body: { status: 'queued' } },
    { kind: 'requested', status: 202 },
  ],
  ['204 with no body', { status: 204 }, { kind: 'requested', status: 204 }],
  [
    '200 with plain text',
    { status: 200, body: 'OK', headers: { 'Content-Type': 'text/plain' } },
    { kind: 'requested' },
  ],
  [
    '200 naming a new execution',
    { status: 200, body: { data: { ...rescheduled, id: 'exec-1-retry' } } },
    { kind: 'new-execution', requestedId: 'exec-1', execution: { id: 'exec-1-retry' } },
  ],
]

describe('a 2xx reschedule answer is a success whatever its body', () => {
  it.each(readings)('%s', async (_name, answer, expected) => {
    api = installFakeApi(() => answer)
    await expect(rescheduleExecution('exec-1')).resolves.toMatchObject(expected)
    expect(api.requests).toHaveLength(1)
  })
})

describe('a refused reschedule keeps the API reason', () => {
  it.each([
    [400, { error: 'schedule_for must be a timestamp' }, 'schedule_for must be a timestamp'],
    [409, { message: 'execution is running' }, 'execution is running'],
    [
      422,
      { errors: [{ message: 'cannot reschedule a created execution' }] },
      'cannot reschedule a created execution',
    ],
  ])('HTTP %i', async (status, body, reason) => {
    api = installFakeApi(() => ({ status, body }))
    await expect(rescheduleExecution('exec-1')).rejects.toMatchObject({ status, message: reason })
    expect(api.requests).toHaveLength(1)
  })
})

describe('ids', () => {
  it.each([
    ['.', '/executions/%2E%/schedule'],
    ['..', '/executions/%2E%2E%/schedule'],
    ['a/b', '/executions/a%2Fb/schedule'],
    ['x'.repeat(200), `/executions/${'x'.repeat(200)}/schedule`],
  ])('%s travels as one segment that no browser or server normalises', async (id, path) => {
    api = installFakeApi(() => ({ status: 204 }))
    await rescheduleExecution(id)
    expect(api.requests[0]?.path).toBe(path)
  })
})
