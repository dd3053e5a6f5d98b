import { describe, expect, it } from 'vitest'
import { timelineTicks, zoneName } from './timelineTicks'

const at = (iso: string) => Date.parse(iso)

describe('timelineTicks', () => {
  it('puts round UTC clock times on a 10-minute axis', () => {
    const ticks = timelineTicks(at('2026-11-23T07:02:10Z'), at('2026-11-23T07:12:10Z'), 'utc')
    expect(ticks.map((tick) => tick.label)).toEqual(['07:05', '07:10'])
    expect(ticks[0]?.fraction).toBeCloseTo(170 / 600)
  })

  it('shows seconds on a short span and never more than the asked number of ticks', () => {
    const ticks = timelineTicks(at('2026-11-23T07:00:01Z'), at('2026-11-23T07:00:41Z'), 'utc')
    expect(ticks.map((tick) => tick.label)).toEqual(['07:00:15', '07:00:30'])
    expect(timelineTicks(0, 3 * 86_400_000, 'utc').length).toBeLessThanOrEqual(5)
  })

  it('adds the day when the span crosses days, and names the zone', () => {
    const ticks = timelineTicks(at('2026-11-22T20:00:00Z'), at('2026-11-23T08:00:00Z'), 'utc')
    expect(ticks[0]?.label).toMatch(/22 Nov/)
    expect(zoneName('utc')).toBe('UTC')
    expect(zoneName('local')).not.toBe('')
  })
})
