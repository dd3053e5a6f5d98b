import { describe, expect, it } from 'vitest'
import { readSaveViewOffer, viewQuery, withSaveViewOffer } from './savedViewUrl'

describe('what a saved view or a view link keeps', () => {
  it('keeps the view’s parameters, sorted; drops the position, the panel and a link’s offer', () => {
    const search = '?size=50&state=failed&after=c1&trail=&execution=e1&a.state=x&save-view=Mine&m.env=prod'
    expect(viewQuery(search)).toBe('m.env=prod&size=50&state=failed')
  })

  it('keeps a view parameter it does not know yet (the next one added to the view)', () => {
    expect(viewQuery('?window=24h&state=failed')).toBe('state=failed&window=24h')
  })

  it('reads, adds and takes out the offer to save a shared view', () => {
    expect(readSaveViewOffer('?save-view=Mine&save-view-time=utc')).toEqual({ name: 'Mine', time: 'utc' })
    expect(readSaveViewOffer('?state=failed')).toBeNull()
    expect(withSaveViewOffer('?state=failed', { name: 'A', time: null }).toString()).toBe(
      'state=failed&save-view=A',
    )
    expect(withSaveViewOffer('?state=failed&save-view=A&save-view-time=utc', null).toString()).toBe(
      'state=failed',
    )
  })
})
