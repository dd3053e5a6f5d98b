import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUpstreamFacts, SLOW_CAP_MS } from './upstreamFacts.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('the page size the index walks with', () => {
  it('keeps to a smaller page after larger ones took too long, then tries the largest accepted again', () => {
    vi.useFakeTimers()
    const facts = createUpstreamFacts('u', null)
    expect(facts.walkSize()).toBeNull()
    facts.setPageSize(1000)
    facts.capSlow(100)
    expect([facts.walkSize(), facts.pageSize()]).toEqual([100, 1000])
    vi.advanceTimersByTime(SLOW_CAP_MS - 1)
    expect(facts.walkSize()).toBe(100)
    vi.advanceTimersByTime(1)
    expect(facts.walkSize()).toBe(1000)
  })

  it('never walks with more than the API accepts', () => {
    const facts = createUpstreamFacts('u', null)
    facts.setPageSize(50)
    facts.capSlow(200)
    expect(facts.walkSize()).toBe(50)
  })
})
