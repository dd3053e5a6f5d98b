import { describe, expect, it } from 'vitest'
import { readView } from './overview.ts'

describe('reading a view from a request', () => {
  it('calls a window it cannot read a bad request, whatever the filters', () => {
    for (const query of [
      'window=abc',
      'window=-5',
      'from=zzz&to=1',
      `window=abc&m.env=${'x'.repeat(3_000)}`,
    ]) {
      expect([query, readView(`/api/overview?${query}`).refusalCode]).toEqual([query, 'bad_request'])
    }
  })

  it('keeps filter_too_long for filters past their limits', () => {
    const view = readView(`/api/overview?window=1h&m.env=${'x'.repeat(3_000)}`)
    expect(view.problems).toEqual([expect.stringContaining('longer than')])
    expect(view.refusalCode).toBe('filter_too_long')
  })
})
