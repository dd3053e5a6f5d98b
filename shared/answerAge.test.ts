import { describe, expect, it } from 'vitest'
import { askedAtOf } from './answerAge'

describe('askedAtOf', () => {
  it('takes the age from its arrival, as a header or a number', () => {
    expect(askedAtOf('250', 10_000)).toBe(9_750)
    expect(askedAtOf(0, 10_000)).toBe(10_000)
    expect(askedAtOf(1_500, 10_000)).toBe(8_500)
  })

  it('reads an unknown or odd age as "asked when it arrived"', () => {
    for (const age of [null, undefined, '', ' ', 'soon', '-5', -5, Number.NaN, Infinity, {}])
      expect(askedAtOf(age, 10_000)).toBe(10_000)
  })
})
