import { describe, expect, it } from 'vitest'
import { ndjsonLine } from './ndjson.ts'

describe('ndjsonLine', () => {
  it('writes control and format characters as escapes, and reads back the exact value', () => {
    const row = { id: 'abc\u202Eevil.exe', note: 'zero\u200Bwidth \u{E0001} tag', plain: 'é ✓' }
    const line = ndjsonLine(row)
    expect(line).toBe(
      '{"id":"abc\\u202eevil.exe","note":"zero\\u200bwidth \\udb40\\udc01 tag","plain":"é ✓"}\n',
    )
    expect(JSON.parse(line)).toEqual(row)
  })
})
