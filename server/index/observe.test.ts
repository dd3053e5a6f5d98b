import { describe, expect, it } from 'vitest'
import { newFamily } from './family.ts'
import { asksForHead, headCovers } from './observe.ts'
import type { IndexedExecution } from './rows.ts'

const body = (request: unknown) => Buffer.from(JSON.stringify(request))

describe('a relayed head page', () => {
  it('is a first page with no filter but metadata', () => {
    expect(asksForHead(body({ page: { first: 20 } }))).toBe(true)
    expect(asksForHead(body({}))).toBe(true)
    expect(asksForHead(body({ filters: { states: [], metadata: [{ key: 'env', values: ['a'] }] } }))).toBe(
      true,
    )
    expect(asksForHead(body({ page: { first: 20, after: null } }))).toBe(true)
  })

  it('is not a later page, a page from the end, a state filter, or a filter the index does not know', () => {
    expect(asksForHead(body({ page: { first: 20, after: 'c1' } }))).toBe(false)
    expect(asksForHead(body({ page: { last: 20 } }))).toBe(false)
    expect(asksForHead(body({ page: { last: 20, before: 'c1' } }))).toBe(false)
    expect(asksForHead(body({ filters: { states: ['FAILED'] } }))).toBe(false)
    expect(asksForHead(body({ filters: { created_after: '2026-01-01T00:00:00Z' } }))).toBe(false)
    expect(asksForHead(Buffer.from('not json'))).toBe(false)
    expect(asksForHead(body({ page: { first: 20, offset: 40 } }))).toBe(false)
  })

  it('is not a page whose metadata filter the family key would read otherwise than the API', () => {
    for (const metadata of [
      [{ key: 'env', values: [] }],
      [{ key: 'env', values: [1] }],
      [{ key: '', values: ['a'] }],
      [{ key: 'env', values: 'a' }],
      'env=a',
    ])
      expect(asksForHead(body({ filters: { metadata } }))).toBe(false)
  })

  it('shows every new execution only when it holds a known one or is the last page', () => {
    const family = newFamily([], 0)
    family.members.set('old', { id: 'old' } as IndexedExecution)
    expect(headCovers(family, [{ id: 'new-1' }, { id: 'old' }], true)).toBe(true)
    // Every row new: more may be below it.
    expect(headCovers(family, [{ id: 'new-1' }, { id: 'new-2' }], true)).toBe(false)
    expect(headCovers(family, [{ id: 'new-1' }, { id: 'new-2' }], null)).toBe(false)
    expect(headCovers(family, [{ id: 'new-1' }], false)).toBe(true)
  })
})
