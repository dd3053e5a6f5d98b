import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeApi, specPage, type InstalledFakeApi } from '../../test/fakeApi'
import { setUpMswServer } from '../../test/mswServer'
import { isFinalState, readableState, seenStates, stateMeaning } from '../executionStates'
import { executionListQuery } from '../queries'

setUpMswServer()
const row = (id: string, state: string) => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
let api: InstalledFakeApi | null = null
afterEach(() => api?.restore())

/** The app's way: every list goes through the query cache, where the states an API uses are read from. */
const list = (client: QueryClient, states?: string[]) =>
  client.query(executionListQuery({ first: 20, ...(states ? { states } : {}) }))

/** Readings of the open point "exhaustive list of states": spellings and states the spec never lists. */
describe.each([
  ['the spec', ['created', 'started', 'succeed', 'failed'], 'failed'],
  ['upper case', ['CREATED', 'STARTED', 'SUCCEEDED', 'FAILED'], 'FAILED'],
  ['past tense and success words', ['created', 'started', 'succeeded', 'failure'], 'failure'],
])('states spelled as %s', (_name, spellings, failedSpelling) => {
  it('are matched by meaning, and a known filter is sent by meaning (the server spells it)', async () => {
    const client = new QueryClient()
    api = installFakeApi(() => ({
      status: 200,
      body: specPage(spellings.map((state, i) => row(`e${i}`, state))),
    }))
    const page = await list(client)
    expect(page.data.map((execution) => stateMeaning(execution.state))).toEqual([
      'created',
      'started',
      'succeed',
      'failed',
    ])
    expect(page.data.map((execution) => isFinalState(execution.state))).toEqual([false, false, true, true])
    expect(page.data[3]?.state).toBe(failedSpelling)
    await list(client, ['failed'])
    expect(api.requests[1]?.body).toMatchObject({ filters: { states: ['failed'] } })
  })
})

describe('states the spec never lists', () => {
  it('are kept, offered and shown as unknown, never as running or final', async () => {
    const client = new QueryClient()
    api = installFakeApi(() => ({
      status: 200,
      body: specPage([row('e1', 'queued'), row('e2', 'timed_out'), row('e3', 'CANCELLED')]),
    }))
    const page = await list(client)
    expect(page.data).toHaveLength(3)
    expect(seenStates(client).unknown).toEqual(['queued', 'timed_out', 'CANCELLED'])
    expect(stateMeaning('timed_out')).toBeNull()
    expect(readableState('timed_out')).toBe('Timed out')
    expect(isFinalState('queued')).toBeNull()
    await list(client, ['queued'])
    expect(api.requests[1]?.body).toMatchObject({ filters: { states: ['queued'] } })
  })
})
