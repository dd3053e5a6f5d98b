import { describe, expect, it } from 'vitest'
import { visibleCellText, visibleText } from './visibleText'

describe('visibleText', () => {
  it('draws bidi controls, zero-width and control characters as escapes, and leaves the rest', () => {
    expect(visibleText('abc\u202Eevil.exe')).toBe('abc\\u{202e}evil.exe')
    expect(visibleText('a\u200Bb\u2066c\u0007\uFEFF')).toBe('a\\u{200b}b\\u{2066}c\\u{7}\\u{feff}')
    expect(visibleText('exec-42 é ✓ 日本')).toBe('exec-42 é ✓ 日本')
  })

  it('keeps tabs and line breaks in a CSV cell', () => {
    expect(visibleCellText('a\tb\r\nc\u202Ed\u0007')).toBe('a\tb\r\nc\\u{202e}d\\u{7}')
  })
})
