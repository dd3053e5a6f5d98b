import { describe, expect, it } from 'vitest'
import { createKeptRows, plainRow } from './keptRows.ts'
import { createPartition } from './partition.ts'
import type { IndexedExecution } from './rows.ts'

const row = (id: string, changes: Partial<IndexedExecution> = {}): IndexedExecution => ({
  id,
  state: 'started',
  meaning: 'started',
  createdAt: 1_764_000_000_123,
  updatedAt: null,
  createdText: null,
  updatedText: '2026-11-24 16:00',
  metadata: { env: 'prod' },
  lastSeenAt: 1_764_000_001_000,
  outcomePending: false,
  ...changes,
})

describe('kept rows', () => {
  it('read back every field as given, a missing time as null', () => {
    const rows = createKeptRows(2)
    const given = [row('a'), row('b', { updatedAt: 5, createdAt: null, outcomePending: true }), row('c')]
    const kept = given.map((each) => rows.keep(each))
    expect(kept.map(plainRow)).toEqual(given)
    expect(rows.size()).toBe(3)
  })

  it('take news field by field, the texts and the flag too', () => {
    const rows = createKeptRows()
    const kept = rows.keep(row('a'))
    const news = row('a', {
      state: 'failed',
      meaning: 'failed',
      updatedAt: 1_764_000_009_000,
      createdText: '1764000000123',
      updatedText: null,
      outcomePending: true,
      lastSeenAt: 1_764_000_009_500,
    })
    Object.assign(kept, news)
    expect(plainRow(kept)).toEqual(news)
    kept.createdText = null
    kept.outcomePending = false
    expect(plainRow(kept)).toEqual({ ...news, createdText: null, outcomePending: false })
    kept.meaning = null
    expect([kept.meaning, kept.outcomePending]).toEqual([null, false])
  })

  it('a row let go keeps its values when its slot is another row', () => {
    const rows = createKeptRows(1)
    const given = row('a', { createdAt: 1, createdText: '1', meaning: 'failed', outcomePending: true })
    const first = rows.keep(given)
    rows.release(first)
    rows.release(first)
    const second = rows.keep(row('b', { createdAt: 2, meaning: null }))
    const third = rows.keep(row('c', { createdAt: 3 }))
    expect(plainRow(first)).toEqual(given)
    expect(plainRow(second)).toEqual(row('b', { createdAt: 2, meaning: null }))
    expect(third.createdAt).toBe(3)
    expect(rows.size()).toBe(2)
  })
})

describe('a partition keeps rows of its own', () => {
  it('a row it was given changes nothing it keeps, and news still reaches its families', () => {
    const partition = createPartition('p', () => 10)
    const family = partition.family([])
    const given = row('a')
    partition.upsert(given)
    partition.addMember(family, given)
    given.state = 'failed'
    expect(family.members.get('a')?.state).toBe('started')
    partition.upsert(row('a', { state: 'failed', meaning: 'failed', lastSeenAt: 1_764_000_002_000 }))
    expect(family.members.get('a')).toBe(partition.rows.get('a'))
    expect(plainRow(partition.rows.get('a') ?? row('none'))).toEqual(
      row('a', { state: 'failed', meaning: 'failed', lastSeenAt: 1_764_000_002_000 }),
    )
  })

  it('a kept row handed back as news is taken whole', () => {
    const partition = createPartition('p', () => 10)
    const other = createPartition('q', () => 10)
    partition.upsert(row('a'))
    other.upsert(
      row('a', { state: 'failed', meaning: 'failed', createdAt: 7, lastSeenAt: 1_764_000_002_000 }),
    )
    const news = other.rows.get('a')
    if (!news) throw new Error('not kept')
    partition.upsert(news)
    expect(plainRow(partition.rows.get('a') ?? row('none'))).toEqual(plainRow(news))
  })

  it('a row read back from the store does not undo a later sighting of it', () => {
    const partition = createPartition('p', () => 10)
    const seenSince = row('a', { state: 'failed', meaning: 'failed', lastSeenAt: 1_764_000_009_000 })
    partition.upsert(seenSince)
    partition.load({
      rows: [row('a'), row('b')],
      families: [],
      members: [
        ['[]', 'a', true],
        ['[]', 'b', true],
      ],
    })
    expect(plainRow(partition.rows.get('a') ?? row('none'))).toEqual(seenSince)
    expect(partition.families.get('[]')?.members.get('a')).toBe(partition.rows.get('a'))
    // Written later than it was last seen here (another replica saw it since): taken.
    partition.load({ rows: [row('a', { lastSeenAt: 1_764_000_010_000 })] })
    expect(partition.rows.get('a')?.state).toBe('started')
  })
})
