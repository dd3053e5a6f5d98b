import { describe, expect, it } from 'vitest'
import { unspellRequest } from './readings.ts'

const states = (body: unknown) => (body as { filters: { states: string[] } }).filters.states

describe('state filters under a reading', () => {
  it('match only in the reading’s spelling, as an exact-match server does; the spec’s reading takes any case', () => {
    const body = { page: { first: 5 }, filters: { states: ['FAILED', 'failed', 'SUCCEEDED'] } }
    expect(states(unspellRequest(body, 'upper'))).toEqual([
      'failed',
      'not spelled so here: failed',
      'succeed',
    ])
    expect(states(unspellRequest(body, 'spec'))).toEqual(['failed', 'failed', 'succeed'])
    expect(states(unspellRequest({ filters: { states: ['succeeded', 'succeed'] } }, 'succeeded'))).toEqual([
      'succeed',
      'not spelled so here: succeed',
    ])
  })
})
