import { describe, expect, it } from 'vitest'
import { readListEnvelope } from '../../shared/listAnswer'
import { toListPage } from './listPage'
import { isRfc3339Timestamp, readMetadata, type Execution } from './schemas'

const execution = {
  id: 'exec-1',
  state: 'started',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00.5+02:00',
}

describe('timestamps', () => {
  it.each([
    '2026-11-20T10:00:00Z',
    '2026-11-20T10:00:00z',
    '2026-11-20T10:00:00.1Z',
    '2026-11-20T10:00:00.123456789Z',
    '2026-11-20T10:00:00+05:30',
    '2026-11-20T10:00:00.123-09:45',
  ])('accepts %s', (value) => {
    expect(isRfc3339Timestamp(value)).toBe(true)
  })

  it.each([
    'yesterday',
    '2026-11-20',
    '2026-11-20T10:00:00',
    '2026-11-20T10:00:00.1234567890Z',
    '2026-11-20T10:00:00+0530',
    '2026-13-01T10:00:00Z',
    '2026-02-30T10:00:00Z',
    '2026-11-20T24:00:00Z',
    '',
  ])('rejects %s', (value) => {
    expect(isRfc3339Timestamp(value)).toBe(false)
  })
})

/** One row read as the list reads it: the row, or the problems of a rejected one. */
function readRow(row: unknown) {
  const page = toListPage<Execution>({ data: [row] })
  return page.data[0] ?? page.rejected?.[0]?.problems
}

describe('rows', () => {
  it('reads a valid execution, an unknown state and extra fields as they came', () => {
    expect(readRow(execution)).toEqual(execution)
    expect(readRow({ ...execution, state: 'cancelled' })).toMatchObject({ state: 'cancelled' })
    expect(readRow({ ...execution, metadata: { env: 'prod' }, priority: 3 })).toMatchObject({
      metadata: { env: 'prod' },
      priority: 3,
    })
  })

  it('reports a row that cannot be read by its fields', () => {
    expect(readRow({ ...execution, created_at: 'yesterday' })).toEqual([
      expect.stringMatching(/^created_at: not an RFC 3339 timestamp/) as string,
    ])
    const { state: _state, ...withoutState } = execution
    expect(readRow(withoutState)).toEqual(['state: expected a string, got nothing'])
  })

  it.each([
    [1_763_632_800, '2025-11-20T10:00:00.000Z'],
    [1_763_632_800_000, '2025-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00:00+0530', '2026-11-20T10:00:00+05:30'],
    ['2026-11-20T10:00:00', '2026-11-20T10:00:00'],
  ])('reads the timestamp near-miss %s as %s', (value, expected) => {
    expect(readRow({ ...execution, created_at: value })).toMatchObject({ created_at: expected })
  })

  it.each(['yesterday', '2026-13-01T10:00:00Z', true])('refuses the timestamp %s', (value) => {
    expect(Array.isArray(readRow({ ...execution, created_at: value }))).toBe(true)
  })
})

describe('list envelopes', () => {
  it('accept null cursors, a missing page_info, missing members and data: null', () => {
    expect(readListEnvelope({ data: [], page_info: { has_next_page: false, end_cursor: null } }).ok).toBe(
      true,
    )
    expect(readListEnvelope({ data: [execution] }).ok).toBe(true)
    expect(readListEnvelope({ data: null, page_info: { has_next_page: false } }).ok).toBe(true)
    expect(toListPage({ data: null })).toEqual({ data: [], page_info: {}, rejected: [] })
  })

  it('refuse an envelope without an array of items', () => {
    expect(readListEnvelope({ items: [execution] }).ok).toBe(false)
  })
})

describe('readMetadata', () => {
  it('reads values as the API matches them (numbers, booleans, lists) and ignores the rest', () => {
    const metadata = { env: 'prod', count: 3, canary: false, tags: ['a', 'b'], nested: { x: 1 }, none: null }
    expect(readMetadata({ ...execution, metadata })).toEqual({
      env: 'prod',
      count: '3',
      canary: 'false',
      tags: 'a, b',
    })
  })

  it('returns an empty object when metadata is absent or not an object', () => {
    expect(readMetadata(execution)).toEqual({})
    expect(readMetadata({ ...execution, metadata: ['x'] })).toEqual({})
  })
})
