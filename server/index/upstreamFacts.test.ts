import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUpstreamFacts, SLOW_CAP_MS } from './upstreamFacts.ts'
import { askPage, type ScanContext } from './scanner.ts'
import { PageRefused } from './patientPage.ts'
import { UpstreamFailure } from '../upstream/request.ts'

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

describe('the page size a walk learns from a refusal', () => {
  const refusal = () =>
    new UpstreamFailure(400, 'upstream_error', 'The API answered HTTP 400: page.after: unknown cursor')
  const walk = (
    facts: ReturnType<typeof createUpstreamFacts>,
    answer: (size: number) => Promise<never> | Promise<{ rows: []; hasNext: false; endCursor: null }>,
  ) => askPage({ facts } as unknown as ScanContext, (size) => answer(size), 'c1')

  it('learns nothing when every size down to the smallest was refused: the refusal was not about size', async () => {
    const facts = createUpstreamFacts('u', null)
    facts.setPageSize(100)
    await expect(walk(facts, () => Promise.reject(refusal()))).rejects.toBeInstanceOf(PageRefused)
    expect(facts.pageSize()).toBe(100)
  })

  it('learns the largest size not refused once a smaller page came', async () => {
    const facts = createUpstreamFacts('u', null)
    facts.setPageSize(100)
    const sizes: number[] = []
    await walk(facts, (size) => {
      sizes.push(size)
      return size > 50
        ? Promise.reject(refusal())
        : Promise.resolve({ rows: [], hasNext: false, endCursor: null })
    })
    expect([sizes, facts.pageSize()]).toEqual([[100, 50], 50])
  })
})
