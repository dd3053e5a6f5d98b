import { describe, expect, it } from 'vitest'
import { listRefetchInterval } from './listSource'

const base = { liveReady: true, interval: 10_000, counting: false, streamed: false } as const

describe('listRefetchInterval', () => {
  it('polls on the Refresh interval, not while the stream carries the list', () => {
    expect(listRefetchInterval(base)).toBe(10_000)
    expect(listRefetchInterval({ ...base, streamed: true })).toBe(false)
  })

  it('reads a counting index again soon, but not while refresh is off or held, nor before the live code', () => {
    expect(listRefetchInterval({ ...base, counting: true, streamed: true })).toBe(2_000)
    expect(listRefetchInterval({ ...base, counting: true, interval: false })).toBe(false)
    expect(listRefetchInterval({ ...base, counting: true, liveReady: false })).toBe(false)
  })
})
