import { describe, expect, it } from 'vitest'
import { readerOf } from './readerOf'
import { isRecord, notRead } from './readResult'

describe('answer readers', () => {
  const readName = (payload: unknown) =>
    isRecord(payload) && typeof payload.name === 'string' ? payload.name : null

  it('gives the value a check read', () => {
    expect(readerOf(readName, 'expected a name')({ name: 'alice' })).toEqual({ ok: true, value: 'alice' })
  })

  it('says what was expected of an answer the check could not read, whatever it was', () => {
    for (const payload of [null, undefined, [], 'alice', { name: 7 }])
      expect(readerOf(readName, 'expected a name')(payload)).toEqual(notRead('expected a name'))
    expect(notRead('expected a name')).toEqual({
      ok: false,
      problems: [{ path: '', message: 'expected a name' }],
    })
  })

  it('keeps a falsy value that was read (0, an empty string) as a value', () => {
    expect(readerOf(() => 0, 'expected a count')({})).toEqual({ ok: true, value: 0 })
    expect(readerOf(() => '', 'expected a text')({})).toEqual({ ok: true, value: '' })
  })

  it('takes only JSON objects as records', () => {
    expect([{}, { a: 1 }].every(isRecord)).toBe(true)
    expect([null, [], 'x', 1, undefined].some(isRecord)).toBe(false)
  })
})
