import { describe, expect, it } from 'vitest'
import { refreshPace } from './runtime.ts'

describe('how often a family is refreshed', () => {
  it('as often as its most eager viewer looks, never more often than the refresh interval', () => {
    expect(refreshPace([], 5_000)).toBe(5_000)
    expect(refreshPace([10_000], 5_000)).toBe(10_000)
    expect(refreshPace([30_000, 10_000, 60_000], 5_000)).toBe(10_000)
    expect(refreshPace([1_000, 10_000], 5_000)).toBe(5_000)
  })
})
