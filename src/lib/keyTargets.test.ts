import { describe, expect, it } from 'vitest'
import { isTyping } from './keyTargets'

const input = (type: string) => Object.assign(document.createElement('input'), { type })

describe('isTyping', () => {
  it('counts only text fields as typing', () => {
    for (const field of [
      input('text'),
      input('search'),
      input('password'),
      document.createElement('textarea'),
    ])
      expect(isTyping(field)).toBe(true)
    for (const control of [
      input('checkbox'),
      input('radio'),
      document.createElement('select'),
      document.body,
    ])
      expect(isTyping(control)).toBe(false)
    expect(isTyping(null)).toBe(false)
  })
})
