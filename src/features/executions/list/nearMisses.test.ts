import { describe, expect, it } from 'vitest'
import { nearestValue, nearMisses } from './nearMisses'

const seen = { env: ['development', 'production', 'staging'], team: ['data', 'web'] }

describe('near misses', () => {
  it('guesses a typo, another case or a prefix, and nothing far off', () => {
    expect(nearestValue('prodution', seen.env)).toBe('production')
    expect(nearestValue('Production', seen.env)).toBe('production')
    expect(nearestValue('prod', seen.env)).toBe('production')
    expect(nearestValue('qa', seen.env)).toBeNull()
  })

  it('names what was seen of each filtered key whose value no row showed, with its guess', () => {
    const misses = nearMisses(
      [
        { key: 'env', values: ['prodution'] },
        { key: 'team', values: ['data'] },
        { key: 'region', values: ['mars'] },
      ],
      seen,
    )
    expect(misses).toEqual([
      { key: 'env', seen: seen.env, more: 0, guess: { from: 'prodution', to: 'production' } },
    ])
  })
})
