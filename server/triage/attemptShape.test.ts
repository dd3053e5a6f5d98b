import { describe, expect, it } from 'vitest'
import { attemptShape } from './attemptShape.ts'
import { sampleOf } from './shapeGroups.ts'
import type { IndexedExecution } from '../index/rows.ts'

const MINUTE = 60_000
const T0 = Date.parse('2026-11-24T08:00:00Z')
const attempt = (state: string, startMin: number, runMs: number) => ({
  id: `a-${startMin}`,
  state,
  created_at: new Date(T0 + startMin * MINUTE).toISOString(),
  updated_at: new Date(T0 + startMin * MINUTE + runMs).toISOString(),
})

describe('attemptShape', () => {
  it('names how many attempts ran and how long a typical one took', () => {
    expect(attemptShape([attempt('failed', 0, 5_000)], false)).toMatchObject({
      key: '1:fast',
      label: '1 attempt, under a minute (failed fast)',
      attempts: 1,
      typicalMs: 5_000,
    })
    const slow = [0, 40, 80, 120].map((start) => attempt('failed', start, 30 * MINUTE))
    expect(attemptShape(slow, false)).toMatchObject({
      key: '4+:late',
      label: '4 or more attempts, 20 minutes or more each (failed late)',
    })
    const mixed = [attempt('failed', 0, 2 * MINUTE), attempt('failed', 10, 5 * MINUTE)]
    expect(attemptShape(mixed, false)).toMatchObject({ key: '2-3:mid', typicalMs: 3.5 * MINUTE })
  })

  it('counts a next page as more attempts, and an odd row never hides the others', () => {
    expect(attemptShape([attempt('failed', 0, 90 * MINUTE)], true).key).toBe('4+:late')
    const odd = [{ id: 7, state: null }, attempt('failed', 0, 10_000), attempt('started', 5, 0)]
    expect(attemptShape(odd, false)).toMatchObject({ key: '2-3:fast', attempts: 3, typicalMs: 10_000 })
    expect(attemptShape([{ state: 'failed' }], false)).toMatchObject({ key: '1:unknown', typicalMs: null })
    expect(attemptShape([], false)).toMatchObject({ key: '0:none', label: 'no attempts' })
  })
})

describe('sampleOf', () => {
  const rows = (count: number, from = 0) =>
    Array.from({ length: count }, (_, index) => ({ id: `exec-${from + index}` }) as IndexedExecution)

  it('takes every member of a small group, and a fixed spread of a large one', () => {
    expect(sampleOf(rows(50), 200)).toHaveLength(50)
    const all = rows(5_000)
    const sample = sampleOf(all, 200).map((row) => row.id)
    expect(new Set(sample).size).toBe(200)
    expect(sampleOf([...all].reverse(), 200).map((row) => row.id)).toEqual(sample)
  })

  it('keeps most of its sample when new members arrive', () => {
    const before = new Set(sampleOf(rows(5_000), 200).map((row) => row.id))
    const after = sampleOf([...rows(5_000), ...rows(500, 5_000)], 200).map((row) => row.id)
    const kept = after.filter((id) => before.has(id)).length
    expect(kept).toBeGreaterThan(160)
    expect(kept).toBeLessThan(200)
  })
})
