import { describe, expect, it } from 'vitest'
import { asApiRow, createInterner, isNewer, rawCreated, rawUpdated, readApiRow } from './rows.ts'

const apiRow = (id: string, metadata: unknown) => ({
  id,
  state: 'failed',
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T10:05:00Z',
  metadata,
})

describe('the interner', () => {
  it('keeps one frozen copy of each metadata object, and a new one for any other', () => {
    const intern = createInterner()
    const first = readApiRow(apiRow('a', { env: 'prod', team: 'data' }), 1, intern)
    const second = readApiRow(apiRow('b', { env: 'prod', team: 'data' }), 1, intern)
    const otherValue = readApiRow(apiRow('c', { env: 'dev', team: 'data' }), 1, intern)
    const listed = readApiRow(apiRow('d', { env: ['prod', 'dev'] }), 1, intern)
    expect(second?.metadata).toBe(first?.metadata)
    expect(otherValue?.metadata).not.toBe(first?.metadata)
    expect(otherValue?.metadata).toEqual({ env: 'dev', team: 'data' })
    expect(Object.isFrozen(first?.metadata)).toBe(true)
    expect(Object.isFrozen(listed?.metadata?.env)).toBe(true)
  })

  it('stops keeping new objects at its limit, and still reads each row right', () => {
    const intern = createInterner(200_000, 1)
    const kept = readApiRow(apiRow('a', { env: 'prod' }), 1, intern)
    const over = readApiRow(apiRow('b', { env: 'dev' }), 1, intern)
    const overAgain = readApiRow(apiRow('c', { env: 'dev' }), 1, intern)
    expect(readApiRow(apiRow('d', { env: 'prod' }), 1, intern)?.metadata).toBe(kept?.metadata)
    expect(overAgain?.metadata).not.toBe(over?.metadata)
    expect(overAgain?.metadata).toEqual({ env: 'dev' })
  })

  it('a row with the same metadata in another object is no news; a changed value is', () => {
    const known = readApiRow(apiRow('a', { env: 'prod' }), 1, createInterner())
    const same = readApiRow(apiRow('a', { env: 'prod' }), 2, createInterner())
    const changed = readApiRow(apiRow('a', { env: 'dev' }), 2, createInterner())
    if (!known || !same || !changed) throw new Error('unreadable row')
    expect(same.metadata).not.toBe(known.metadata)
    expect(isNewer(same, known)).toBe(false)
    expect(isNewer(changed, known)).toBe(true)
  })
})

describe('times as the API sent them', () => {
  const read = (created: unknown, updated: unknown = created, seenAt = 1) => {
    const row = readApiRow(
      { id: 'a', state: 'failed', created_at: created, updated_at: updated },
      seenAt,
      createInterner(),
    )
    if (!row) throw new Error('unreadable row')
    return row
  }

  it('keeps no text for the ISO form of the instant, and gives every spelling back as sent', () => {
    expect(read('2026-11-28T10:00:00.000Z').createdText).toBeNull()
    const spellings: [unknown, string | null][] = [
      ['2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00.000Z'],
      ['2026-11-28T10:00:00Z', '2026-11-28T10:00:00Z'],
      ['2026-11-28T12:00:00.000+02:00', '2026-11-28T12:00:00.000+02:00'],
      ['2026-11-28T10:00:00.123456Z', '2026-11-28T10:00:00.123456Z'],
      ['2026-11-28T10:00:00', '2026-11-28T10:00:00'],
      ['yesterday', 'yesterday'],
      [1_764_324_000_000, '1764324000000'],
      [undefined, null],
      [null, null],
    ]
    for (const [sent, back] of spellings) {
      const row = read(sent)
      expect([rawCreated(row), rawUpdated(row)]).toEqual([back, back])
      expect(asApiRow(row)).toMatchObject({ created_at: back, updated_at: back })
    }
  })

  it('a time spelt another way for the same instant is news; the same spelling is not', () => {
    const known = read('2026-11-28T10:00:00.000Z')
    expect(isNewer(read('2026-11-28T10:00:00.000Z', null, 2), known)).toBe(true)
    expect(isNewer(read('2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00.000Z', 2), known)).toBe(false)
    expect(isNewer(read('2026-11-28T10:00:00Z', '2026-11-28T10:00:00.000Z', 2), known)).toBe(true)
    expect(isNewer(read('2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00Z', 2), known)).toBe(true)
    expect(isNewer(read('2026-11-28T10:00:00.000Z', '2026-11-28T10:00:01.000Z', 2), known)).toBe(true)
  })
})
