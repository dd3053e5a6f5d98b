import { describe, expect, it } from 'vitest'
import { buildListBody } from './listRequest'

describe('buildListBody', () => {
  it('always sends page.first and nothing else on an unfiltered first page', () => {
    expect(buildListBody({ first: 20 })).toEqual({ page: { first: 20 } })
  })

  it('adds page.after when paging forward', () => {
    expect(buildListBody({ first: 50, after: 'c1' })).toEqual({ page: { first: 50, after: 'c1' } })
  })

  it('omits empty filter members', () => {
    expect(buildListBody({ first: 20, states: [], metadata: [] })).toEqual({ page: { first: 20 } })
    expect(buildListBody({ first: 20, states: ['failed'], metadata: [] })).toEqual({
      page: { first: 20 },
      filters: { states: ['failed'] },
    })
  })

  it('drops incomplete metadata entries and keeps complete ones', () => {
    const body = buildListBody({
      first: 20,
      metadata: [
        { key: 'env', values: ['prod', 'staging'] },
        { key: '', values: ['x'] },
        { key: 'team', values: [] },
      ],
    })
    expect(body).toEqual({
      page: { first: 20 },
      filters: { metadata: [{ key: 'env', values: ['prod', 'staging'] }] },
    })
  })
})
