import { describe, expect, it } from 'vitest'
import { readRunView } from './runView.ts'

const NOW = Date.parse('2026-11-23T10:00:00Z')

describe('readRunView', () => {
  it('keeps filters, pins a window that moves with the clock, and keeps the board’s group', () => {
    const view = readRunView(
      'state=failed&m.env=production&window=1h&triage=1&group=key:pipeline&open-group=key:settlement-sync&after=c1&execution=x',
      NOW,
    )
    const params = new URLSearchParams(view ?? '')
    expect(params.getAll('state')).toEqual(['failed'])
    expect(params.get('m.env')).toBe('production')
    expect(params.get('window')).toBeNull()
    expect(params.get('from')).toBe('2026-11-23T09:00:00.000Z')
    expect(params.get('to')).toBe('2026-11-23T10:00:00.000Z')
    expect(params.get('group')).toBe('key:pipeline')
    expect(params.get('open-group')).toBe('key:settlement-sync')
    // Where the user was (a page, an open execution) is not what the run acted on.
    expect(params.get('after')).toBeNull()
    expect(params.get('execution')).toBeNull()
  })

  it('leaves the grouping out without the board, and refuses what cannot be read', () => {
    expect(readRunView('m.env=staging&group=key:region', NOW)).toBe('m.env=staging')
    expect(readRunView('from=yesterday', NOW)).toBeNull()
    expect(readRunView('', NOW)).toBeNull()
    expect(readRunView(null, NOW)).toBeNull()
    expect(readRunView(`m.env=${'x'.repeat(3000)}`, NOW)).toBeNull()
    expect(readRunView('nothing=here', NOW)).toBeNull()
  })
})
