import { describe, expect, it } from 'vitest'
import { linkToShare } from './viewLinks'

const NOW = Date.parse('2026-11-23T10:00:00Z')

describe('linkToShare', () => {
  it('gives this screen as it is, without the failure groups', () => {
    const { link, says } = linkToShare('?state=failed&window=1h', NOW)
    expect(new URL(link).search).toBe('?state=failed&window=1h')
    expect(says).toBe('Link to this screen copied.')
  })

  it('with the failure groups open, carries the window pinned, the grouping and the open group', () => {
    const { link, says } = linkToShare(
      '?m.env=production&window=1h&triage=1&group=key%3Apipeline&open-group=key%3Asettlement-sync&save-view=x',
      NOW,
    )
    const params = new URL(link).searchParams
    expect(params.get('window')).toBeNull()
    expect([params.get('from'), params.get('to')]).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ])
    expect(params.get('group')).toBe('key:pipeline')
    expect(params.get('open-group')).toBe('key:settlement-sync')
    expect(params.get('save-view')).toBeNull()
    expect(says).toBe(
      'Link to these failure groups copied, with its time window pinned to the bounds it covers now, grouped by pipeline, the open group.',
    )
  })
})
