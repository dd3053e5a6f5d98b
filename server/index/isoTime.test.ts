import { describe, expect, it } from 'vitest'
import { isIsoOf, isoOf } from './isoTime.ts'

const EDGES = [
  0,
  1,
  999,
  86_399_999,
  86_400_000,
  951_782_400_000,
  951_868_800_000,
  4_107_542_400_000,
  1_764_324_000_123,
  253_402_300_799_999,
  253_402_300_800_000,
  -1,
  -62_135_596_800_000,
  1.5,
  Number.NaN,
]

/** Random instants over the years 1970–9999, and a few from 1970–2100 where real ones are. */
const randomInstants = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    Math.floor(Math.random() * (index % 2 ? 253_402_300_800_000 : 4_102_444_800_000)),
  )

describe('the ISO form of an instant', () => {
  it('is what Date#toISOString writes', () => {
    for (const ms of [...EDGES.filter(Number.isFinite), ...randomInstants(20_000)])
      expect(isoOf(ms)).toBe(new Date(ms).toISOString())
  })

  it('is recognised exactly: any other text, or another instant, is not it', () => {
    const texts = (ms: number) => {
      const iso = new Date(ms).toISOString()
      return [
        iso,
        iso.replace('.', ','),
        iso.slice(0, 19) + 'Z',
        iso.replace('Z', '+00:00'),
        iso.slice(0, 23) + 'z',
        iso.replace(/\d(?=Z$)/, (digit) => String((Number(digit) + 1) % 10)),
        ` ${iso.slice(1)}`,
      ]
    }
    const cases = randomInstants(5_000).flatMap((ms) => texts(ms).map((text) => [text, ms] as const))
    for (const ms of EDGES) if (Number.isFinite(ms)) for (const text of texts(ms)) cases.push([text, ms])
    cases.push(
      ['2026-02-29T00:00:00.000Z', Date.UTC(2026, 2, 1)],
      ['0050-01-01T00:00:00.000Z', Date.UTC(50, 0, 1)],
    )
    cases.push(['2026-11-28T24:00:00.000Z', Date.UTC(2026, 10, 29)], ['2026-11-28T10:00:00.000Z', Number.NaN])
    for (const [text, ms] of cases)
      expect([text, ms, isIsoOf(text, ms)]).toEqual([
        text,
        ms,
        Number.isFinite(ms) && text === new Date(ms).toISOString(),
      ])
  })
})
