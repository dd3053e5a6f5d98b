import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SEARCH,
  parseExecutionSearch,
  writeExecutionSearch,
  type ExecutionSearch,
} from './executionSearch'

describe('parseExecutionSearch', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseExecutionSearch('')).toEqual(DEFAULT_SEARCH)
  })

  it('reads every field', () => {
    const search = parseExecutionSearch(
      '?state=failed&state=started&m.env=prod&m.env=staging&m.region=eu&size=50&after=c2&trail=&trail=c1',
    )
    expect(search).toEqual({
      states: ['failed', 'started'],
      metadata: [
        { key: 'env', values: ['prod', 'staging'] },
        { key: 'region', values: ['eu'] },
      ],
      size: 50,
      after: 'c2',
      trail: ['', 'c1'],
      skipped: 0,
    })
  })

  it.each([
    ['?size=7', { size: 20 }],
    ['?size=abc', { size: 20 }],
    ['?size=1e9', { size: 20 }],
    ['?state=queued&state=FAILED&state=failed', { states: ['queued', 'failed'] }],
    [`?state=${'x'.repeat(5000)}`, { states: [] }],
    ['?after=', { after: null, trail: [] }],
    ['?trail=c1&trail=c2', { after: null, trail: [] }],
    ['?after=c9', { after: 'c9', trail: [''] }],
    ['?m.=x&m.env=', { metadata: [] }],
    ['?%E0%A4%A', {}],
    [`?after=${'x'.repeat(5000)}`, { after: null }],
  ])('reads %s field by field, with safe values', (url, expected) => {
    expect(parseExecutionSearch(url)).toEqual({ ...DEFAULT_SEARCH, ...expected })
  })

  it('keeps odd characters in metadata', () => {
    const params = new URLSearchParams()
    params.append('m.pipe line', '<b>nightly</b> & backfill')
    expect(parseExecutionSearch(`?${params}`).metadata).toEqual([
      { key: 'pipe line', values: ['<b>nightly</b> & backfill'] },
    ])
  })
})

describe('writeExecutionSearch', () => {
  it('round-trips through the URL and keeps params it does not own', () => {
    const search: ExecutionSearch = {
      states: ['failed'],
      metadata: [{ key: 'a&b', values: ['x=y', 'z'] }],
      size: 100,
      after: 'c2',
      trail: ['', 'c1'],
      skipped: 4,
    }
    const params = writeExecutionSearch(search, '?execution=e1&state=created&size=10')
    expect(params.get('execution')).toBe('e1')
    expect(parseExecutionSearch(`?${params}`)).toEqual(search)
  })

  it('leaves defaults out of the URL', () => {
    expect(writeExecutionSearch(DEFAULT_SEARCH, '').toString()).toBe('')
  })
})

describe('parseExecutionSearch, read by several components per render', () => {
  it('gives the same object for the same string, and a new one for another', () => {
    const first = parseExecutionSearch('?state=failed&size=50')
    expect(parseExecutionSearch('?state=failed&size=50')).toBe(first)
    const other = parseExecutionSearch('?state=started')
    expect(other).not.toBe(first)
    expect(other.states).toEqual(['started'])
    expect(parseExecutionSearch('?state=failed&size=50')).toEqual(first)
  })
})
