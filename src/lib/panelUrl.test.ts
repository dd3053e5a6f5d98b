import { describe, expect, it } from 'vitest'
import { readAttemptsView, writeAttemptsView } from './panelUrl'

describe('the attempts panel in the URL', () => {
  it('reads and writes the panel’s own filter and page, next to the list’s parameters', () => {
    const view = readAttemptsView('?a.state=failed&a.state=%20failed%20&a.state=&a.after=c2&a.trail=')
    expect(view).toEqual({ states: ['failed'], after: 'c2', trail: [''], skipped: 0 })
    const written = writeAttemptsView(
      { states: ['started'], after: null, trail: [] },
      '?execution=e1&a.after=x',
    )
    expect(written.toString()).toBe('execution=e1&a.state=started')
  })

  it('round-trips a page with its trail', () => {
    const params = writeAttemptsView(
      { after: 'c2', trail: ['', 'c1'], states: ['failed'] },
      '?state=started&execution=e1',
    )
    expect(params.toString()).toBe('state=started&execution=e1&a.state=failed&a.after=c2&a.trail=&a.trail=c1')
    expect(readAttemptsView(params.toString())).toEqual({
      after: 'c2',
      trail: ['', 'c1'],
      states: ['failed'],
      skipped: 0,
    })
  })

  it('degrades field by field, and keeps at most ten states', () => {
    const many = Array.from({ length: 12 }, (_, i) => `a.state=s${i}`).join('&')
    expect(readAttemptsView(`a.after=&${many}`)).toEqual({
      after: null,
      trail: [],
      skipped: 0,
      states: Array.from({ length: 10 }, (_, i) => `s${i}`),
    })
  })
})
