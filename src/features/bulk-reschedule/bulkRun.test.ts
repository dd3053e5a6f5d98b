import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api'
import { startBulkRun, type RunSnapshot } from './bulkRun'

const http = (status: number, retryAfterSeconds: number | null = null, origin: 'api' | 'dashboard' = 'api') =>
  new ApiError({ kind: 'http', status, message: `HTTP ${status}`, retryAfterSeconds, origin })

function harness(answers: Record<string, unknown[]>, concurrency = 4) {
  const sent: string[] = []
  const waits: number[] = []
  let inFlight = 0
  let maxInFlight = 0
  let last: RunSnapshot | undefined
  let clock = 0
  const run = startBulkRun({
    ids: Object.keys(answers),
    now: () => clock,
    concurrency,
    send: async (id) => {
      sent.push(id)
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      await Promise.resolve()
      inFlight -= 1
      const answer = answers[id]?.shift()
      if (answer instanceof Error) throw answer
      return 'rescheduled'
    },
    onChange: (snapshot) => (last = snapshot),
    wait: (ms) => {
      waits.push(ms)
      clock += ms
      return Promise.resolve()
    },
  })
  return { run, sent, waits, snapshot: () => last, maxInFlight: () => maxInFlight }
}

describe('bulk run', () => {
  it('sends each id once with at most `concurrency` in flight', async () => {
    const ids = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`e${index}`, []]))
    const test = harness(ids, 3)
    await test.run.finished
    expect(test.sent.sort()).toEqual(Object.keys(ids).sort())
    expect(test.maxInFlight()).toBe(3)
    expect(test.snapshot()).toMatchObject({
      status: 'finished',
      done: 20,
      failed: 0,
      unknown: 0,
      remaining: 0,
    })
  })

  it('resends after 429 and 503 from the API, honouring Retry-After, and never after an unknown outcome', async () => {
    const test = harness({
      a: [http(429, 7)],
      b: [http(503)],
      c: [new ApiError({ kind: 'network', message: 'connection dropped' })],
      d: [http(500)],
      e: [http(409)],
      f: [http(503, null, 'dashboard')],
    })
    await test.run.finished
    expect(test.sent.filter((id) => id === 'a')).toHaveLength(2)
    expect(test.sent.filter((id) => id === 'b')).toHaveLength(2)
    for (const once of ['c', 'd', 'e', 'f']) expect(test.sent.filter((id) => id === once)).toHaveLength(1)
    expect(test.waits).toContain(7000)
    const results = test.snapshot()?.results
    expect(results?.get('c')).toEqual({ kind: 'unknown', reason: 'connection dropped' })
    expect(results?.get('d')?.kind).toBe('unknown')
    expect(results?.get('f')?.kind).toBe('unknown')
    expect(results?.get('e')).toEqual({ kind: 'failed', reason: 'HTTP 409' })
    expect(test.snapshot()).toMatchObject({ done: 2, failed: 1, unknown: 3 })
  })

  it('says an id no connection carried "not sent", never "unknown", and never sends it again by itself', async () => {
    const refused = new ApiError({
      kind: 'http',
      status: 502,
      code: 'upstream_not_sent',
      origin: 'dashboard',
      message: 'The Execution API cannot be reached (ECONNREFUSED): the request was not sent.',
    })
    const test = harness({ a: [refused] })
    await test.run.finished
    expect(test.sent).toEqual(['a'])
    expect(test.snapshot()?.results.get('a')).toEqual({ kind: 'not-sent', reason: refused.message })
    expect(test.snapshot()).toMatchObject({ done: 0, failed: 0, unknown: 0 })
  })

  it('gives up on an id the API keeps refusing with 429', async () => {
    const test = harness({ a: Array.from({ length: 10 }, () => http(429)) }, 1)
    await test.run.finished
    expect(test.sent).toHaveLength(6)
    expect(test.snapshot()?.results.get('a')?.kind).toBe('failed')
  })

  it('counts a repeated id once', async () => {
    const sent: string[] = []
    const run = startBulkRun({
      ids: ['a', 'b', 'a'],
      concurrency: 2,
      send: (id) => {
        sent.push(id)
        return Promise.resolve('ok')
      },
      onChange: () => {},
    })
    await run.finished
    expect(sent.sort()).toEqual(['a', 'b'])
  })

  it('pauses, resumes and cancels: in-flight requests finish and count, the rest are not sent', async () => {
    const release: (() => void)[] = []
    const sent: string[] = []
    let last: RunSnapshot | undefined
    const run = startBulkRun({
      ids: ['a', 'b', 'c', 'd', 'e'],
      concurrency: 2,
      send: (id) => {
        sent.push(id)
        return new Promise((resolve) => release.push(() => resolve('ok')))
      },
      onChange: (snapshot) => (last = snapshot),
    })
    expect(sent).toEqual(['a', 'b'])
    run.pause()
    release.splice(0).forEach((resolve) => resolve())
    await Promise.resolve()
    await Promise.resolve()
    expect(sent).toEqual(['a', 'b'])
    expect(last).toMatchObject({ status: 'paused', done: 2 })
    run.resume()
    await Promise.resolve()
    expect(sent).toEqual(['a', 'b', 'c', 'd'])
    run.cancel()
    release.splice(0).forEach((resolve) => resolve())
    await run.finished
    expect(sent).toEqual(['a', 'b', 'c', 'd'])
    expect(last).toMatchObject({ status: 'cancelled', done: 4, remaining: 0 })
    expect(last?.results.get('e')).toEqual({ kind: 'not-sent' })
  })

  it('pauses itself after five failures in a row, and resumes on the user’s say', async () => {
    const answers = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`e${index}`, [http(409)]]))
    const test = harness(answers, 1)
    await Promise.resolve()
    await expect.poll(() => test.snapshot()?.status).toBe('paused')
    expect(test.sent).toHaveLength(5)
    expect(test.snapshot()?.pausedBecause).toBe('5 answers in a row were failures (last: HTTP 409)')
    test.run.resume()
    await test.run.finished
    expect(test.sent).toHaveLength(8)
    expect(test.snapshot()).toMatchObject({ status: 'finished', failed: 8, pausedBecause: null })
  })
})
