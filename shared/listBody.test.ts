import { describe, expect, it } from 'vitest'
import { buildListBody } from './listBody'

describe('buildListBody', () => {
  it('sends every spelling the API uses for a state, once', () => {
    const spell = (state: string) => (state === 'succeed' ? ['succeed', 'succeeded'] : [state])
    expect(buildListBody({ first: 5, states: ['succeed', 'failed', 'succeed'] }, spell)).toEqual({
      page: { first: 5 },
      filters: { states: ['succeed', 'succeeded', 'failed'] },
    })
  })
})
