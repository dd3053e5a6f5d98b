import { describe, expect, it } from 'vitest'
import { claimOf } from './claims.ts'
import { forgetVerification } from './family.ts'
import { createPartition } from './partition.ts'
import { readApiRow } from './rows.ts'
import { refreshPace } from './runtime.ts'

describe('how often a family is refreshed', () => {
  it('as often as its most eager viewer looks, never more often than the refresh interval', () => {
    expect(refreshPace([], 5_000)).toBe(5_000)
    expect(refreshPace([10_000], 5_000)).toBe(10_000)
    expect(refreshPace([30_000, 10_000, 60_000], 5_000)).toBe(10_000)
    expect(refreshPace([1_000, 10_000], 5_000)).toBe(5_000)
  })

  it('less often while its refreshes find nothing: twice, then four times at most', () => {
    expect([0, 1, 2, 3, 10].map((quiet) => refreshPace([10_000], 5_000, quiet))).toEqual([
      10_000, 20_000, 40_000, 40_000, 40_000,
    ])
  })
})

describe('news, which sets the pace back', () => {
  it('is a change to rows or memberships, never the index’s own bookkeeping', () => {
    const partition = createPartition('p')
    const family = partition.family([])
    const read = (state: string, seenAt: number) => {
      const row = readApiRow(
        { id: 'a', state, updated_at: `2026-11-0${seenAt}T00:00:00Z` },
        seenAt,
        partition.intern,
      )
      if (!row) throw new Error('a test row was not read')
      return row
    }
    const start = partition.news()
    partition.familyChanged(family)
    expect(partition.news()).toBe(start)
    partition.upsert(read('started', 1))
    const seen = partition.news()
    expect(seen).toBeGreaterThan(start)
    partition.upsert(read('started', 1))
    expect(partition.news()).toBe(seen)
    partition.upsert(read('failed', 2))
    expect(partition.news()).toBeGreaterThan(seen)
  })
})

describe('a read back that failed part way', () => {
  it('leaves its families claiming nothing until a round verifies them again', () => {
    const partition = createPartition('p')
    const family = partition.family([])
    family.phase = 'complete'
    family.verifiedAt = 5
    expect(claimOf(family, null, 'unknown', 0).kind).toBe('exact')
    forgetVerification(family)
    expect(claimOf(family, null, 'unknown', 0).kind).toBe('counting')
  })
})
