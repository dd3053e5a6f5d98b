import { describe, expect, it } from 'vitest'
import { executionSchema, isRfc3339Timestamp, listEnvelopeSchema, readMetadata } from './schemas'

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

describe('executionSchema', () => {
  it('parses a valid execution', () => {
    expect(executionSchema.parse(execution)).toEqual(execution)
  })

  it('accepts an unknown state value', () => {
    expect(executionSchema.parse({ ...execution, state: 'cancelled' }).state).toBe('cancelled')
  })

  it('keeps extra fields', () => {
    const parsed = executionSchema.parse({ ...execution, metadata: { env: 'prod' }, priority: 3 })
    expect(parsed['metadata']).toEqual({ env: 'prod' })
    expect(parsed['priority']).toBe(3)
  })

  it('rejects a non-timestamp with the field path', () => {
    const result = executionSchema.safeParse({ ...execution, created_at: 'yesterday' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['created_at'])
  })

  it('rejects a missing state', () => {
    const { state: _state, ...withoutState } = execution
    expect(executionSchema.safeParse(withoutState).success).toBe(false)
  })
})

describe('listEnvelopeSchema', () => {
  it('accepts null cursors on an empty page', () => {
    const page = {
      data: [],
      page_info: { has_next_page: false, has_prev_page: false, start_cursor: null, end_cursor: null },
    }
    expect(listEnvelopeSchema.parse(page).data).toEqual([])
  })

  it('tolerates a missing page_info, missing members and data: null', () => {
    expect(listEnvelopeSchema.safeParse({ data: [execution] }).success).toBe(true)
    expect(listEnvelopeSchema.safeParse({ data: null, page_info: { has_next_page: false } }).success).toBe(
      true,
    )
  })

  it('refuses an envelope without an array of items', () => {
    expect(listEnvelopeSchema.safeParse({ items: [execution] }).success).toBe(false)
  })
})

describe('timestamp near-misses', () => {
  it.each([
    [1_763_632_800, '2025-11-20T10:00:00.000Z'],
    [1_763_632_800_000, '2025-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00:00+0530', '2026-11-20T10:00:00+05:30'],
    ['2026-11-20T10:00:00', '2026-11-20T10:00:00'],
  ])('reads %s as %s', (value, expected) => {
    expect(executionSchema.parse({ ...execution, created_at: value }).created_at).toBe(expected)
  })

  it.each(['yesterday', '2026-13-01T10:00:00Z', true])('refuses %s', (value) => {
    expect(executionSchema.safeParse({ ...execution, created_at: value }).success).toBe(false)
  })
})

describe('readMetadata', () => {
  it('reads string values and ignores the rest', () => {
    const parsed = executionSchema.parse({ ...execution, metadata: { env: 'prod', count: 3 } })
    expect(readMetadata(parsed)).toEqual({ env: 'prod' })
  })

  it('returns an empty object when metadata is absent or not an object', () => {
    expect(readMetadata(executionSchema.parse(execution))).toEqual({})
    expect(readMetadata(executionSchema.parse({ ...execution, metadata: ['x'] }))).toEqual({})
  })
})
