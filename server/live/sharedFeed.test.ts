import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSharedFeeds } from './sharedFeed.ts'

type Heard = { event: string; data: unknown }[]

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function setUp(mostMs?: number, changeOf?: (data: unknown) => string) {
  const feeds = createSharedFeeds({
    name: 'marks',
    minMs: 1_000,
    mostMs,
    failed: 'The trail could not be read.',
    changeOf,
  })
  let answer: unknown = { n: 1 }
  let fail = false
  const read = vi.fn(() =>
    fail ? Promise.reject(new Error('select from audit_records')) : Promise.resolve(answer),
  )
  const listen = (everyMs: number) => {
    const heard: Heard = []
    const stop = feeds.subscribe('recent', read, { everyMs, send: (event) => heard.push(event) })
    return { heard, stop }
  }
  return {
    feeds,
    read,
    listen,
    answer: (next: unknown) => (answer = next),
    failing: (next: boolean) => (fail = next),
  }
}

describe('shared feeds', () => {
  it('read once per interval for every tab, whatever their number', async () => {
    const { read, listen } = setUp()
    const tabs = Array.from({ length: 6 }, () => listen(5_000))
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(read).toHaveBeenCalledTimes(4)
    for (const tab of tabs) expect(tab.heard).toEqual([{ event: 'marks', data: { n: 1 } }])
  })

  it('send a tab an answer only when it changed, and a joining tab the last one at once', async () => {
    const { read, listen, answer } = setUp()
    const first = listen(2_000)
    await vi.advanceTimersByTimeAsync(4_000)
    expect(first.heard).toHaveLength(1)
    answer({ n: 2 })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(first.heard.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }])
    const calls = read.mock.calls.length
    const second = listen(2_000)
    expect(second.heard).toEqual([{ event: 'marks', data: { n: 2 } }])
    expect(read).toHaveBeenCalledTimes(calls)
  })

  it('read at the shortest interval a tab asks for, within the floor and the ceiling', async () => {
    const { read, listen } = setUp(5_000)
    const slow = listen(60_000)
    await vi.advanceTimersByTimeAsync(10_000)
    // The ceiling: 5 s although the tab asked for 60.
    expect(read).toHaveBeenCalledTimes(3)
    const fast = listen(100)
    await vi.advanceTimersByTimeAsync(3_000)
    // The floor: 1 s although a tab asked for 0.1.
    expect(read).toHaveBeenCalledTimes(6)
    fast.stop()
    slow.stop()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(read).toHaveBeenCalledTimes(6)
  })

  it('say a failed read once, with its own words and not the error’s, and recover', async () => {
    const { listen, failing, feeds } = setUp()
    failing(true)
    const tab = listen(1_000)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(tab.heard).toEqual([{ event: 'marks-error', data: { message: 'The trail could not be read.' } }])
    failing(false)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(tab.heard.at(-1)).toEqual({ event: 'marks', data: { n: 1 } })
    tab.stop()
    expect(feeds.stats()).toEqual({ feeds: 0, reading: 0 })
  })

  it('keep reading on time while tabs come and go faster than the interval', async () => {
    const { read, listen } = setUp()
    const staying = listen(3_000)
    await vi.advanceTimersByTimeAsync(0)
    for (let step = 0; step < 9; step += 1) {
      await vi.advanceTimersByTimeAsync(1_000)
      listen(3_000).stop()
    }
    // One read at the start, then one every 3 s: the tabs that came and went did not push the next read away.
    expect(read).toHaveBeenCalledTimes(4)
    staying.stop()
  })

  it('read again for a tab that joins when the last answer is older than the interval', async () => {
    const { read, listen, answer } = setUp()
    const first = listen(60_000)
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(1)
    answer({ n: 2 })
    await vi.advanceTimersByTimeAsync(5_000)
    const second = listen(2_000)
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(2)
    expect(second.heard).toEqual([{ event: 'marks', data: { n: 2 } }])
    first.stop()
    second.stop()
  })

  it('send nothing when only what does not count as a change changed', async () => {
    const changeOf = (data: unknown) => JSON.stringify({ ...(data as object), at: 0 })
    const { listen, answer } = setUp(undefined, changeOf)
    answer({ n: 1, at: 1 })
    const tab = listen(1_000)
    await vi.advanceTimersByTimeAsync(0)
    answer({ n: 1, at: 2 })
    await vi.advanceTimersByTimeAsync(3_000)
    expect(tab.heard).toEqual([{ event: 'marks', data: { n: 1, at: 1 } }])
    answer({ n: 2, at: 3 })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(tab.heard.at(-1)).toEqual({ event: 'marks', data: { n: 2, at: 3 } })
  })

  it('read nothing more once closed, whoever leaves after', async () => {
    const { feeds, read, listen } = setUp()
    const tab = listen(1_000)
    const other = listen(1_000)
    await vi.advanceTimersByTimeAsync(0)
    feeds.close()
    tab.stop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(read).toHaveBeenCalledTimes(1)
    other.stop()
    expect(listen(1_000).heard).toEqual([])
  })
})
