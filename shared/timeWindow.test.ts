import { describe, expect, it } from 'vitest'
import { readWindowParams, writeWindowParams } from './timeWindow'
import { bucketFor, pinWindow, resolveWindow } from './windowBounds'

describe('the time window codec', () => {
  it('reads a preset, a fixed range and the field, and writes them back', () => {
    expect(readWindowParams(new URLSearchParams('window=1h')).window).toEqual({
      kind: 'relative',
      preset: '1h',
      field: 'created',
    })
    const range = readWindowParams(
      new URLSearchParams('from=2026-11-23T09:00:00Z&to=2026-11-23T10:00:00%2B01:00&on=updated'),
    )
    // An empty range is refused with the reason, never read as "any time" silently.
    expect(range).toEqual({ window: { kind: 'any', field: 'updated' }, problems: ['from must be before to'] })
    const open = readWindowParams(new URLSearchParams('from=2026-11-23T09:00:00Z')).window
    expect(writeWindowParams(open, new URLSearchParams('state=failed&window=6h')).toString()).toBe(
      'state=failed&from=2026-11-23T09%3A00%3A00.000Z',
    )
  })

  it('refuses what it cannot read, with the reason, instead of guessing', () => {
    expect(readWindowParams(new URLSearchParams('window=2h&from=yesterday&on=started')).problems).toEqual([
      'on must be created or updated',
      'from must be a date and time with a zone, such as 2026-11-23T09:30:00Z',
      'window must be one of 15m, 1h, 6h, 24h, 7d or any',
    ])
  })

  it('moves a relative window with the clock, and pins it for a link that must describe an incident', () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    expect(resolveWindow({ kind: 'relative', preset: '15m', field: 'created' }, now)).toEqual({
      from: now - 900_000,
      to: null,
    })
    expect(pinWindow({ kind: 'relative', preset: '1h', field: 'updated' }, now)).toEqual({
      kind: 'absolute',
      from: now - 3_600_000,
      to: now,
      field: 'updated',
    })
  })

  it('chooses buckets from minutes to days', () => {
    expect(bucketFor(15 * 60_000)).toBe(60_000)
    expect(bucketFor(24 * 3_600_000)).toBe(30 * 60_000)
    expect(bucketFor(7 * 24 * 3_600_000)).toBe(6 * 3_600_000)
  })
})
