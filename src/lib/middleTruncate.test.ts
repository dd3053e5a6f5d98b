import { describe, expect, it } from 'vitest'
import { middleTruncate } from './middleTruncate'

describe('middleTruncate', () => {
  it('leaves short ids alone', () => {
    expect(middleTruncate('exec-1')).toBe('exec-1')
  })

  it('keeps both ends of a long id within the length', () => {
    const id = `start-${'x'.repeat(200)}-end`
    const shown = middleTruncate(id, 20)
    expect(shown).toHaveLength(20)
    expect(shown.startsWith('start-')).toBe(true)
    expect(shown.endsWith('-end')).toBe(true)
    expect(shown).toContain('…')
  })
})
