import { describe, expect, it } from 'vitest'
import {
  describeProblem,
  readListEnvelope,
  readStateResource,
  rowIdOf,
  TIMESTAMP_PROBLEM,
} from './listAnswer'

const row = {
  id: 'exec-1',
  state: 'started',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00.5+02:00',
}

describe('readStateResource', () => {
  it('reads a spec row and keeps the fields the spec does not list', () => {
    expect(readStateResource({ ...row, metadata: { env: 'prod' }, priority: 3 })).toEqual({
      ok: true,
      value: { ...row, metadata: { env: 'prod' }, priority: 3 },
    })
  })

  it('normalises the near-misses of RFC 3339 it can read without guessing', () => {
    const read = readStateResource({
      ...row,
      created_at: 1_763_632_800,
      updated_at: '2026-11-20T10:05:00+0200',
    })
    expect(read).toMatchObject({
      ok: true,
      value: { created_at: '2025-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:05:00+02:00' },
    })
  })

  it('reports every problem of a row, each with its field', () => {
    const read = readStateResource({ id: 7, created_at: 'yesterday', updated_at: row.updated_at })
    expect(read).toEqual({
      ok: false,
      problems: [
        { path: 'id', message: 'expected a string, got number' },
        { path: 'state', message: 'expected a string, got nothing' },
        { path: 'created_at', message: TIMESTAMP_PROBLEM },
      ],
    })
  })

  it.each([null, 'text', [row]])('refuses %j as a row', (item) => {
    expect(readStateResource(item)).toMatchObject({ ok: false, problems: [{ path: '' }] })
  })
})

describe('readListEnvelope', () => {
  it('reads data and page_info, any member of which may be missing or null', () => {
    const body = { data: [row], page_info: { has_next_page: null, end_cursor: 'c' }, total: 9 }
    expect(readListEnvelope(body)).toEqual({ ok: true, value: body })
    expect(readListEnvelope({ data: null })).toEqual({
      ok: true,
      value: { data: null, page_info: undefined },
    })
  })

  it('names the field when the answer holds no array of rows or odd paging', () => {
    expect(readListEnvelope({ data: { rows: [] } })).toEqual({
      ok: false,
      problems: [{ path: 'data', message: 'expected an array of rows (or null), got object' }],
    })
    expect(readListEnvelope({ data: [], page_info: { end_cursor: 5 } })).toMatchObject({
      ok: false,
      problems: [{ path: 'page_info.end_cursor' }],
    })
    expect(readListEnvelope({ data: [], page_info: 'none' })).toMatchObject({
      ok: false,
      problems: [{ path: 'page_info' }],
    })
    expect(readListEnvelope('<html>')).toMatchObject({ ok: false, problems: [{ path: '' }] })
  })
})

describe('the words', () => {
  it('shows a problem with its field, or alone for the whole value', () => {
    expect(describeProblem({ path: 'state', message: 'expected a string' })).toBe('state: expected a string')
    expect(describeProblem({ path: '', message: 'expected an object' })).toBe('expected an object')
  })

  it('finds the id of a row that could not be read, if it has one', () => {
    expect(rowIdOf({ id: 12 })).toBe('12')
    expect(rowIdOf({ id: 'a' })).toBe('a')
    expect(rowIdOf({ id: null })).toBeNull()
    expect(rowIdOf('x')).toBeNull()
  })
})
