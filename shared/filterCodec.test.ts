import { describe, expect, it } from 'vitest'
import { FILTER_LIMITS, readFilterParams, writeFilterParams } from './filterCodec'

describe('the URL filter codec', () => {
  it('reads states by meaning and metadata values per key', () => {
    const read = readFilterParams(
      new URLSearchParams('state=FAILED&state=queued&state=failure&m.env=a&m.env=b&m.team=x'),
    )
    expect(read.filters).toEqual({
      states: ['failed', 'queued'],
      metadata: [
        { key: 'env', values: ['a', 'b'] },
        { key: 'team', values: ['x'] },
      ],
    })
    expect(read.problems).toEqual([])
  })

  it('says what it could not take instead of dropping it silently', () => {
    const long = 'x'.repeat(FILTER_LIMITS.text + 1)
    const read = readFilterParams(new URLSearchParams({ 'm.blob': long, 'm.': 'v' }))
    expect(read.filters.metadata).toEqual([])
    expect(read.problems).toEqual([
      'the metadata filter on “blob” is longer than 2048 characters',
      'a metadata filter needs a key and a value',
    ])
    const many = new URLSearchParams(
      Array.from({ length: 25 }, (_, i): [string, string] => ['state', `s${i}`]),
    )
    expect(readFilterParams(many).problems).toEqual(['at most 20 states'])
  })

  it('writes the filters back, keeping other parameters', () => {
    const params = writeFilterParams(
      { states: ['failed'], metadata: [{ key: 'env', values: ['a,b', 'c'] }] },
      new URLSearchParams('state=started&m.old=1&size=50'),
    )
    expect(params.toString()).toBe('size=50&state=failed&m.env=a%2Cb&m.env=c')
    expect(readFilterParams(params).filters.metadata).toEqual([{ key: 'env', values: ['a,b', 'c'] }])
  })
})
