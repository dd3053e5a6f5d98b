import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBudget } from './budget.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Waits for a grant without leaving an unhandled rejection when the budget closes first. */
const grant = (promise: Promise<void>, onGranted: () => void) => void promise.then(onGranted, () => {})

describe('the request budget', () => {
  it('lets a burst through, then one call per token', async () => {
    const budget = createBudget({ burst: 3, ratePerSecond: 1 })
    const granted: number[] = []
    for (let call = 0; call < 5; call += 1) grant(budget.acquire('index'), () => granted.push(call))
    await vi.advanceTimersByTimeAsync(0)
    expect(granted).toEqual([0, 1, 2])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(granted).toEqual([0, 1, 2, 3])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(granted).toEqual([0, 1, 2, 3, 4])
    budget.close()
  })

  it('never makes a person wait, and serves one waiting call of each lane in lane order', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const order: string[] = []
    grant(budget.acquire('sample'), () => order.push('sample'))
    grant(budget.acquire('verify'), () => order.push('verify'))
    grant(budget.acquire('index'), () => order.push('index'))
    grant(budget.acquire('live'), () => order.push('live'))
    await budget.acquire('user')
    order.push('user')
    // The person's call went at once and left a debt: the others wait for it to be paid, in lane order.
    await vi.advanceTimersByTimeAsync(6_000)
    expect(order).toEqual(['user', 'live', 'index', 'verify', 'sample'])
    expect(budget.stats().calls).toMatchObject({ user: 2, live: 1, index: 1, verify: 1, sample: 1 })
    budget.close()
  })

  it('shares the tokens between busy lanes by weight: the index’s verification is never starved', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const served: string[] = []
    for (let call = 0; call < 40; call += 1) {
      grant(budget.acquire('live'), () => served.push('live'))
      grant(budget.acquire('index'), () => served.push('index'))
      grant(budget.acquire('verify'), () => served.push('verify'))
      grant(budget.acquire('sample'), () => served.push('sample'))
    }
    await vi.advanceTimersByTimeAsync(55_000)
    const share = (lane: string) => served.filter((name) => name === lane).length
    expect(served).toHaveLength(55)
    // 4 : 4 : 2 : 1 of 55 calls.
    expect([share('live'), share('index'), share('verify'), share('sample')]).toEqual([20, 20, 10, 5])
    budget.close()
  })

  it('lets a lane alone take every token, and a lane that was idle not bank its turns', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const served: string[] = []
    for (let call = 0; call < 10; call += 1) grant(budget.acquire('index'), () => served.push('index'))
    await vi.advanceTimersByTimeAsync(11_000)
    expect(served).toEqual(Array.from({ length: 10 }, () => 'index'))
    for (let call = 0; call < 20; call += 1) {
      grant(budget.acquire('sample'), () => served.push('sample'))
      grant(budget.acquire('index'), () => served.push('index'))
    }
    await vi.advanceTimersByTimeAsync(10_000)
    // sample waited for nothing while index ran alone: from now on it gets its 1 : 4 share, not a run of its own.
    const after = served.slice(10, 20)
    expect(after).toHaveLength(10)
    // 1 : 4 of 10 calls (the first turn may be either's), and never two samples in a row.
    expect(after.filter((lane) => lane === 'sample').length).toBeGreaterThanOrEqual(2)
    expect(after.filter((lane) => lane === 'sample').length).toBeLessThanOrEqual(3)
    expect(after.join(' ')).not.toContain('sample sample')
    expect(after.slice(0, 5)).toContain('sample')
    budget.close()
  })

  it('gives verification at most its share of the rate, even when nothing else waits', async () => {
    const budget = createBudget({ burst: 4, ratePerSecond: 4 })
    const served: number[] = []
    for (let call = 0; call < 40; call += 1) grant(budget.acquire('verify'), () => served.push(Date.now()))
    await vi.advanceTimersByTimeAsync(10_000)
    // A quarter of 4 a second, and a burst of a quarter of 4: 1 at once, then 1 a second.
    expect(served.length).toBeGreaterThanOrEqual(10)
    expect(served.length).toBeLessThanOrEqual(11)
    // The rest of the rate stays for everyone else: an index call goes at once.
    let indexed = false
    grant(budget.acquire('index'), () => (indexed = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(indexed).toBe(true)
    budget.close()
  })

  it('serves a quiet client before a busy one, across lanes: fifty live calls do not delay another’s three', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const served: string[] = []
    for (let call = 0; call < 50; call += 1)
      grant(budget.acquire('live', undefined, 'greedy'), () => served.push('greedy'))
    await vi.advanceTimersByTimeAsync(3_000)
    for (let call = 0; call < 3; call += 1)
      grant(budget.acquire('index', undefined, 'honest'), () => served.push('honest'))
    await vi.advanceTimersByTimeAsync(6_000)
    // The greedy client had used three calls, the honest one none: its three go first, then the greedy one's.
    const from = served.indexOf('honest')
    expect(served.slice(from, from + 5)).toEqual(['honest', 'honest', 'honest', 'greedy', 'greedy'])
    budget.close()
  })

  it('has owners equally busy take turns, and forgets a client’s use once it has been quiet', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const served: string[] = []
    for (let call = 0; call < 10; call += 1)
      grant(budget.acquire('live', undefined, 'first'), () => served.push('first'))
    await vi.advanceTimersByTimeAsync(11_000)
    expect(served).toHaveLength(10)
    // Ten minutes later its ten calls are forgotten: a newcomer and it share alike.
    await vi.advanceTimersByTimeAsync(600_000)
    served.length = 0
    for (let call = 0; call < 4; call += 1) {
      grant(budget.acquire('live', undefined, 'first'), () => served.push('first'))
      grant(budget.acquire('index', undefined, 'second'), () => served.push('second'))
    }
    await vi.advanceTimersByTimeAsync(8_000)
    expect(served).toEqual(['first', 'second', 'first', 'second', 'first', 'second', 'first', 'second'])
    budget.close()
  })

  it('serves an owner’s urgent call (a first count) before its own upkeep, still in turn with other owners', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const served: string[] = []
    for (let call = 0; call < 20; call += 1) {
      grant(budget.acquire('live', undefined, 'greedy'), () => served.push('greedy'))
      grant(budget.acquire('verify', undefined, 'honest'), () => served.push('honest verify'))
      grant(budget.acquire('index', undefined, 'honest'), () => served.push('honest index'))
    }
    await vi.advanceTimersByTimeAsync(2_000)
    grant(budget.acquire('live', undefined, 'honest', true), () => served.push('honest first'))
    grant(budget.acquire('live', undefined, 'honest', true), () => served.push('honest first'))
    await vi.advanceTimersByTimeAsync(6_000)
    // The honest client's next two turns are its first count's; the greedy one keeps every other turn.
    const from = served.indexOf('honest first')
    expect(served.slice(from, from + 4)).toEqual(['honest first', 'greedy', 'honest first', 'greedy'])
    budget.close()
  })

  it('takes a lane’s calls in turn by owner: fifty of one client’s do not delay another’s one', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 1 })
    await budget.acquire('user')
    const served: string[] = []
    for (let call = 0; call < 50; call += 1)
      grant(budget.acquire('live', undefined, 'greedy'), () => served.push('greedy'))
    await vi.advanceTimersByTimeAsync(3_000)
    grant(budget.acquire('live', undefined, 'honest'), () => served.push('honest'))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(served).toContain('honest')
    expect(served.indexOf('honest')).toBeLessThanOrEqual(served.filter((who) => who === 'greedy').length)
    expect(served.slice(-3)).toContain('honest')
    budget.close()
  })

  it('keeps a quarter of the rate for the server’s own work however many calls people make', async () => {
    const budget = createBudget({ burst: 4, ratePerSecond: 4 })
    const served: number[] = []
    for (let call = 0; call < 100; call += 1) grant(budget.acquire('live'), () => served.push(Date.now()))
    // Someone calls ten times a second for 20 s: calls that never wait.
    for (let tick = 0; tick < 200; tick += 1) {
      await budget.acquire('user')
      await vi.advanceTimersByTimeAsync(100)
    }
    // 4 a second, 3 of them people's allowance: at least 1 a second stays for live views (after the first burst).
    expect(served.length).toBeGreaterThanOrEqual(20)
    budget.close()
  })

  it('pauses for Retry-After after a 429 and backs off after 5xx, for the server’s own calls only', async () => {
    const budget = createBudget({ burst: 5, ratePerSecond: 5 })
    budget.report({ status: 429, retryAfterSeconds: 3 })
    let waited = false
    grant(budget.acquire('index'), () => (waited = true))
    await budget.acquire('user')
    await vi.advanceTimersByTimeAsync(2_900)
    expect(waited).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(waited).toBe(true)
    budget.report({ status: 503, retryAfterSeconds: null })
    budget.report({ status: 503, retryAfterSeconds: null })
    expect(budget.stats().pausedUntil - Date.now()).toBe(2_000)
    // The API answers again: the back-off is over at once, and the next failure starts it afresh.
    budget.report({ status: 200, retryAfterSeconds: null })
    expect(budget.stats().pausedUntil).toBeLessThanOrEqual(Date.now())
    budget.report({ status: 503, retryAfterSeconds: null })
    expect(budget.stats().pausedUntil - Date.now()).toBe(1_000)
    // A Retry-After holds even when another call succeeds meanwhile.
    budget.report({ status: 429, retryAfterSeconds: 5 })
    budget.report({ status: 200, retryAfterSeconds: null })
    expect(budget.stats().pausedUntil - Date.now()).toBe(5_000)
    budget.close()
  })

  it('lets the health probe through a back-off at once: it is what finds the API back', async () => {
    const budget = createBudget({ burst: 5, ratePerSecond: 5 })
    for (let failure = 0; failure < 6; failure += 1) budget.report({ status: null, retryAfterSeconds: null })
    expect(budget.stats().pausedUntil - Date.now()).toBe(32_000)
    let waited = false
    grant(budget.acquire('live'), () => (waited = true))
    await budget.acquire('health')
    await vi.advanceTimersByTimeAsync(0)
    expect(waited).toBe(false)
    expect(budget.stats().calls).toMatchObject({ health: 1, live: 0, user: 0 })
    // Its answer ends the back-off for everything else.
    budget.report({ status: 200, retryAfterSeconds: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(waited).toBe(true)
    budget.close()
  })

  it('forgets a wait whose caller gave up', async () => {
    const budget = createBudget({ burst: 1, ratePerSecond: 0.01 })
    await budget.acquire('index')
    const controller = new AbortController()
    const waiting = budget.acquire('index', controller.signal)
    controller.abort()
    await expect(waiting).rejects.toThrow()
    expect(budget.stats().waiting.index).toBe(0)
    budget.close()
  })
})
