import { describe, expect, it } from 'vitest'
import { parseAttemptsView, withoutAttemptsView, writeAttemptsView } from './attemptsView'

describe('attempts view in the URL', () => {
  it('round-trips page and filter next to the list’s own parameters', () => {
    const params = writeAttemptsView(
      { after: 'c2', trail: ['', 'c1'], states: ['failed'] },
      '?state=started&execution=e1',
    )
    expect(params.toString()).toBe('state=started&execution=e1&a.state=failed&a.after=c2&a.trail=&a.trail=c1')
    expect(parseAttemptsView(params.toString())).toEqual({
      after: 'c2',
      trail: ['', 'c1'],
      states: ['failed'],
    })
  })

  it('degrades field by field', () => {
    expect(parseAttemptsView('a.after=&a.state=%20&a.state=failed&a.state=failed')).toEqual({
      after: null,
      trail: [],
      states: ['failed'],
    })
    expect(parseAttemptsView('a.after=c9')).toEqual({ after: 'c9', trail: [''], states: [] })
  })

  it('drops only the panel’s parameters', () => {
    expect(withoutAttemptsView('?a.state=failed&state=failed&execution=e1').toString()).toBe(
      'state=failed&execution=e1',
    )
  })
})
