import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stateMeaning } from '../../shared/states.ts'
import type { TimeWindow } from '../../shared/timeWindow.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { durationOf } from './indexPage.ts'
import { startTestIndex, type TestIndex } from '../testing/indexTestKit.ts'

let api: RunningDemoApi
let demo: DemoClient
let index: TestIndex
const HOUR = 3_600_000

beforeAll(async () => {
  // The demo's clock is real time here, so "the last hour" of the index and of the truth are the same hour.
  ;({ api, client: demo } = await startTestApi({ executionCount: 3_000, now: Date.now }))
  index = await startTestIndex({ url: api.url, token: api.token })
  await index.until('exact')
}, 60_000)
afterAll(async () => {
  await index.close()
  await api.close()
})

async function truthIn(from: number, to: number, states: string[] = []) {
  const rows = (await demo.allExecutions()).filter((row) => {
    const created = Date.parse(row.created_at)
    return (
      created >= from &&
      created < to &&
      (states.length === 0 || states.includes(stateMeaning(row.state) ?? ''))
    )
  })
  return rows
}

describe('a time window over the index', () => {
  it('counts only executions created in the window, and says what runs from before it', async () => {
    const window: TimeWindow = {
      kind: 'absolute',
      from: Date.now() - 24 * HOUR,
      to: Date.now() - HOUR,
      field: 'created',
    }
    const overview = await index.index.overview(index.credentials, { states: [], metadata: [] }, { window })
    const expected = await truthIn(window.from ?? 0, window.to ?? 0)
    expect(overview.total).toBe(expected.length)
    expect(overview.window).toEqual({ from: window.from, to: window.to, field: 'created' })
    const before = (await demo.allExecutions()).filter(
      (row) => Date.parse(row.created_at) < (window.from ?? 0) && ['created', 'started'].includes(row.state),
    )
    expect(overview.runningBefore).toBe(before.length)
  })

  it('draws a histogram stacked by state whose buckets add up to the count', async () => {
    const window: TimeWindow = { kind: 'relative', preset: '7d', field: 'created' }
    const overview = await index.index.overview(
      index.credentials,
      { states: ['failed'], metadata: [] },
      { window, histogram: true },
    )
    const histogram = overview.histogram
    if (!histogram) throw new Error('no histogram')
    expect(histogram.bucketMs).toBe(6 * HOUR)
    const summed = histogram.buckets.reduce((sum, bucket) => sum + bucket.known.failed + bucket.other, 0)
    expect(summed).toBe(overview.total)
    expect(histogram.buckets.every((bucket) => bucket.known.succeed === 0)).toBe(true)
  })

  it('pages the filtered window newest first, and by state, without gaps or repeats', async () => {
    const window: TimeWindow = { kind: 'relative', preset: '7d', field: 'created' }
    const expected = (await truthIn(Date.now() - 7 * 24 * HOUR, Date.now() + 1)).map((row) => row.id)
    const seen: string[] = []
    let after: string | null = null
    for (;;) {
      const page = await index.index.page(
        index.credentials,
        { states: [], metadata: [] },
        { window, sort: 'created', first: 200, after },
      )
      seen.push(...page.rows.map((row) => row.id))
      if (!page.hasNext) break
      after = page.endCursor
    }
    expect(seen).toEqual(expected)
    const byState = await index.index.page(
      index.credentials,
      { states: [], metadata: [] },
      { sort: 'state', first: 50, after: null },
    )
    const ranks = byState.rows.map((row) => row.meaning)
    expect(ranks[0]).toBe('failed')
    expect(byState.coverage.kind).toBe('exact')
  })

  it('pages by duration: finished executions longest first, then the rest, without gaps or repeats', async () => {
    const filters = { states: [], metadata: [] }
    const seen: { id: string; took: number | null }[] = []
    let after: string | null = null
    for (;;) {
      const page = await index.index.page(index.credentials, filters, { sort: 'duration', first: 500, after })
      seen.push(...page.rows.map((row) => ({ id: row.id, took: durationOf(row) })))
      if (!page.hasNext) break
      after = page.endCursor
    }
    expect(seen).toHaveLength((await demo.allExecutions()).length)
    expect(new Set(seen.map((row) => row.id)).size).toBe(seen.length)
    const finished = seen.filter((row) => row.took !== null).map((row) => row.took ?? 0)
    expect(finished.length).toBeGreaterThan(0)
    expect(finished).toEqual([...finished].sort((a, b) => b - a))
    // Every finished one comes before every one still running.
    expect(seen.slice(0, finished.length).every((row) => row.took !== null)).toBe(true)
  })
})
