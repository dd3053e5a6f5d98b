import { describe, expect, it } from 'vitest'
import { createInterner, readApiRow, type IndexedExecution } from '../index/rows.ts'
import { findBursts, groupByKey, rankKeys } from './failureGroups.ts'

const intern = createInterner()
const BASE = Date.parse('2026-11-24T00:00:00Z')
let next = 0
function row(state: string, metadata: Record<string, unknown> | null, minute = next): IndexedExecution {
  next += 1
  const at = new Date(BASE + minute * 60_000).toISOString()
  const read = readApiRow({ id: `e${next}`, state, created_at: at, updated_at: at, metadata }, 0, intern)
  if (!read) throw new Error('unreadable row')
  return read
}

describe('rankKeys', () => {
  it('puts the key that tells failures apart first, not the one with a value per execution', () => {
    const view = [
      ...Array.from({ length: 40 }, (_, i) =>
        row('failed', { region: 'bad', id: `x${i}`, team: i % 2 ? 'a' : 'b' }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        row('succeed', { region: 'bad', id: `y${i}`, team: i % 2 ? 'a' : 'b' }),
      ),
      ...Array.from({ length: 100 }, (_, i) =>
        row('succeed', { region: 'good', id: `z${i}`, team: i % 2 ? 'a' : 'b' }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        row('failed', { region: 'good', id: `w${i}`, team: i % 2 ? 'a' : 'b' }),
      ),
    ]
    const keys = rankKeys(view)
    expect(keys[0]?.key).toBe('region')
    expect(keys.map((key) => key.key)).toEqual(['region', 'id', 'team'])
    expect(keys.at(-1)?.score).toBe(0)
  })

  it('ranks by how few values hold the failures when every execution of the view failed', () => {
    const view = [
      ...Array.from({ length: 30 }, () => row('failed', { region: 'bad', team: 'a' })),
      ...Array.from({ length: 30 }, (_, i) =>
        row('failed', { region: i < 2 ? 'good' : 'bad', team: i % 2 ? 'a' : 'b' }),
      ),
    ]
    expect(rankKeys(view).map((key) => key.key)).toEqual(['region', 'team'])
  })

  it('ranks a view of 120,000 on an even sample, and still offers every key seen on a failure', () => {
    const view = Array.from({ length: 120_000 }, (_, i) =>
      row(
        i % 10 === 0 ? 'failed' : 'succeed',
        i % 10 === 0 ? { region: 'bad', team: `t${i % 7}` } : { region: 'good', team: `t${i % 7}` },
      ),
    )
    view.push(row('failed', { rare: 'only-here' }))
    const keys = rankKeys(view)
    expect(keys[0]?.key).toBe('region')
    expect(keys.map((key) => key.key)).toContain('rare')
  })

  it('does not put a key that one failure carries above one that every execution carries', () => {
    // Regions fail at 15 % and 30 %: a weak signal, as in most real data.
    const view = [
      ...Array.from({ length: 170 }, () => row('succeed', { region: 'a' })),
      ...Array.from({ length: 30 }, () => row('failed', { region: 'a' })),
      ...Array.from({ length: 140 }, () => row('succeed', { region: 'b' })),
      ...Array.from({ length: 60 }, () => row('failed', { region: 'b' })),
      row('failed', { region: 'a', fixture: 'odd id' }),
    ]
    expect(rankKeys(view).map((key) => key.key)).toEqual(['region', 'fixture'])
  })

  it('leaves out a key with more than 500 values, and keeps one with exactly 500', () => {
    const view = Array.from({ length: 501 }, (_, i) =>
      row('failed', { region: i % 2 ? 'a' : 'b', five_hundred: `v${i % 500}`, per_row: `r${i}` }),
    )
    const keys = rankKeys(view)
    expect(keys.map((key) => key.key).sort()).toEqual(['five_hundred', 'region'])
    expect(keys.find((key) => key.key === 'five_hundred')?.values).toBe(500)
  })

  it('offers nothing without failures, and never judges a row without metadata', () => {
    expect(rankKeys([row('succeed', { region: 'x' })])).toEqual([])
    expect(rankKeys([row('failed', null)])).toEqual([])
  })
})

describe('groupByKey', () => {
  it('keeps failures without the key apart, under null', () => {
    const groups = groupByKey(
      [row('failed', { region: 'a' }), row('failed', {}), row('failed', null)],
      'region',
    )
    expect([...groups.keys()]).toEqual(['a', null])
    expect(groups.get(null)).toHaveLength(2)
  })
})

describe('findBursts', () => {
  it('finds a run of failures ten times as dense as usual, and leaves the scattered ones out', () => {
    const scattered = Array.from({ length: 50 }, (_, i) => row('failed', {}, i * 600))
    const burst = Array.from({ length: 30 }, (_, i) => row('failed', {}, 10_000 + i * 0.5))
    const { bursts, rest, gapMs } = findBursts([...scattered, ...burst], 'created')
    expect(bursts).toHaveLength(1)
    expect(bursts[0]?.map((member) => member.id).sort()).toEqual(burst.map((member) => member.id).sort())
    expect(rest).toHaveLength(50)
    expect(gapMs).toBeGreaterThanOrEqual(1_000)
  })

  it('has no burst in too few failures, and keeps failures without a time in the rest', () => {
    const untimed = readApiRow({ id: 'u', state: 'failed', metadata: {} }, 0, intern) as IndexedExecution
    const { bursts, rest } = findBursts([row('failed', {}), untimed], 'created')
    expect(bursts).toEqual([])
    expect(rest).toHaveLength(2)
  })
})

describe('metadata that is not a string', () => {
  it('offers numbers and lists as keys, and puts a list’s execution in the group of each value', () => {
    const view = [
      row('failed', { build: 1234, tags: ['a', 'b'] }),
      row('failed', { build: 1234, tags: ['b'] }),
      row('failed', { build: 99, tags: [] }),
      row('succeed', { build: 99, tags: ['a'] }),
    ]
    expect(
      rankKeys(view)
        .map((key) => key.key)
        .sort(),
    ).toEqual(['build', 'tags'])
    const failed = view.filter((execution) => execution.state === 'failed')
    const byBuild = groupByKey(failed, 'build')
    expect(byBuild.get('1234')?.length).toBe(2)
    const byTag = groupByKey(failed, 'tags')
    expect([...byTag].map(([value, members]) => [value, members.length])).toEqual([
      ['a', 1],
      ['b', 2],
      [null, 1],
    ])
  })
})
