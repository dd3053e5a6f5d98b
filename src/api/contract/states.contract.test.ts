import { afterEach, describe, expect, it } from 'vitest'
import { installFakeApi, specPage, type InstalledFakeApi } from '../../test/fakeApi'
import {
  forgetSeenStates,
  isFinalState,
  readableState,
  seenUnknownStates,
  stateMeaning,
} from '../executionStates'
import { listExecutions } from '../executions'

const row = (id: string, state: string) => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
let api: InstalledFakeApi | null = null
afterEach(() => {
  api?.restore()
  forgetSeenStates()
})

/** Readings of the open point "exhaustive list of states": spellings and states the spec never lists. */
describe.each([
  ['the spec', ['created', 'started', 'succeed', 'failed'], 'failed'],
  ['upper case', ['CREATED', 'STARTED', 'SUCCEEDED', 'FAILED'], 'FAILED'],
  ['past tense and success words', ['created', 'started', 'succeeded', 'failure'], 'failure'],
])('states spelled as %s', (_name, spellings, failedSpelling) => {
  it('are matched by meaning, and a known filter is sent in the API’s own spelling once seen', async () => {
    api = installFakeApi(() => ({
      status: 200,
      body: specPage(spellings.map((state, i) => row(`e${i}`, state))),
    }))
    const page = await listExecutions({ first: 20 })
    expect(page.data.map((execution) => stateMeaning(execution.state))).toEqual([
      'created',
      'started',
      'succeed',
      'failed',
    ])
    expect(page.data.map((execution) => isFinalState(execution.state))).toEqual([false, false, true, true])
    await listExecutions({ first: 20, states: ['failed'] })
    expect(api.requests[1]?.body).toMatchObject({ filters: { states: [failedSpelling] } })
  })
})

describe('states the spec never lists', () => {
  it('are kept, offered and shown as unknown, never as running or final', async () => {
    api = installFakeApi(() => ({
      status: 200,
      body: specPage([row('e1', 'queued'), row('e2', 'timed_out'), row('e3', 'CANCELLED')]),
    }))
    const page = await listExecutions({ first: 20 })
    expect(page.data).toHaveLength(3)
    expect(seenUnknownStates()).toEqual(['queued', 'timed_out', 'CANCELLED'])
    expect(stateMeaning('timed_out')).toBeNull()
    expect(readableState('timed_out')).toBe('Timed out')
    expect(isFinalState('queued')).toBeNull()
    await listExecutions({ first: 20, states: ['queued'] })
    expect(api.requests[1]?.body).toMatchObject({ filters: { states: ['queued'] } })
  })

  it('sends the spec spelling before any answer was seen', async () => {
    api = installFakeApi(() => ({ status: 200, body: specPage([]) }))
    await listExecutions({ first: 20, states: ['succeed'] })
    expect(api.requests[0]?.body).toMatchObject({ filters: { states: ['succeed'] } })
  })
})
