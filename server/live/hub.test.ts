import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { rawRequest } from '../testing/httpTestKit.ts'
import { openSse, type SseStream } from '../testing/sseClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'

let api: RunningDemoApi
let demo: DemoClient
let dashboard: TestDashboard
let store: Store

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 600 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  dashboard = await startTestDashboard({
    env: {
      EXEC_API_URL: api.url,
      EXEC_API_TOKEN: api.token,
      DASHBOARD_UPSTREAM_RATE: '100',
      DASHBOARD_UPSTREAM_BURST: '20',
    },
    store,
    index: { liveMinMs: 200, refreshMs: 60_000 },
  })
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
})

const listCalls = async () =>
  (await demo.control<{ requests: { list_executions: number } }>('GET', '/stats')).json.requests
    .list_executions

async function callsWhileOpen(tabs: number, ms: number): Promise<number> {
  const streams: SseStream[] = []
  for (let tab = 0; tab < tabs; tab += 1) {
    streams.push(await openSse(`${dashboard.url}/api/live?state=failed&size=20&every=1`))
  }
  await Promise.all(streams.map((stream) => stream.next((event) => event.event === 'list')))
  await demo.control('POST', '/stats/reset')
  await new Promise((resolve) => setTimeout(resolve, ms))
  const calls = await listCalls()
  for (const stream of streams) stream.close()
  await Promise.all(streams.map((stream) => stream.closed))
  return calls
}

describe('the live stream', () => {
  it('sends the list page and the overview of its filters', async () => {
    const stream = await openSse(`${dashboard.url}/api/live?state=failed&size=5&every=1`)
    expect(stream.status).toBe(200)
    const list = JSON.parse((await stream.next((event) => event.event === 'list')).data) as {
      page: { data: unknown[] }
      age: number
    }
    expect(list.page.data).toHaveLength(5)
    // How long ago the call that answered was sent: the tab orders pages by it (shared/answerAge.ts).
    expect(list.age).toBeGreaterThanOrEqual(0)
    expect(list.age).toBeLessThan(60_000)
    const overview = await stream.next(
      (event) => event.event === 'overview' && event.data.includes('"kind":"exact"'),
    )
    expect(JSON.parse(overview.data)).toMatchObject({
      filters: { states: ['failed'] },
      coverage: { kind: 'exact' },
    })
    stream.close()
  })

  it('moves the counts with the page it sends: what the tabs were just shown, the index knows', async () => {
    // 50 rows: not the index's own page of 100, which the stream's call would share (and its fault with it).
    const stream = await openSse(`${dashboard.url}/api/live?size=50&every=1`)
    const page = JSON.parse((await stream.next((event) => event.event === 'list')).data) as {
      page: { data: { id: string; state: string }[] }
    }
    const failed = page.page.data.find((row) => row.state === 'failed')
    if (!failed) throw new Error('the demo’s first 50 executions hold no failed one')
    type Overview = { coverage: { kind: string }; counts: { failed: number } }
    const exact = JSON.parse(
      (await stream.next((event) => event.event === 'overview' && event.data.includes('"kind":"exact"')))
        .data,
    ) as Overview
    // The index's own reads fail from now on: only the stream's page can tell it.
    const rules = ['index', 'verify', 'sample'].map((lane) => ({ status: 503, lane }))
    await demo.control('POST', '/faults', { rules })
    // Another client reschedules it: the dashboard relays nothing of it.
    expect((await demo.reschedule(failed.id, { schedule_for: true })).status).toBe(200)
    const moved = await stream.next(
      (event) =>
        event.event === 'overview' &&
        (JSON.parse(event.data) as Overview).counts.failed === exact.counts.failed - 1,
      10_000,
    )
    expect(moved.event).toBe('overview')
    stream.close()
    await demo.control('DELETE', '/faults')
    await demo.control('POST', '/reset')
  })

  it('costs the same upstream calls for one tab as for six on the same view', async () => {
    const one = await callsWhileOpen(1, 3_000)
    const six = await callsWhileOpen(6, 3_000)
    expect(one).toBeGreaterThanOrEqual(2)
    expect(six).toBeLessThanOrEqual(one + 2)
  }, 30_000)

  it('with initial=0 fetches nothing at once: the tab has the page itself', async () => {
    // The tabs of the test before have closed; their views' last refresh must not take this test's fault.
    await expect.poll(() => dashboard.dashboard.live.stats()).toMatchObject({ views: 0, refreshing: 0 })
    await demo.control('POST', '/faults', {
      rules: [{ operation: 'list_executions', status: 503, times: 1, lane: 'live' }],
    })
    const faults = async () => (await demo.control<{ rules: unknown[] }>('GET', '/faults')).json.rules
    const quiet = await openSse(`${dashboard.url}/api/live?state=created&size=7&every=60&initial=0`)
    await quiet.next((event) => event.event === 'overview')
    expect(await faults()).toHaveLength(1)
    const eager = await openSse(`${dashboard.url}/api/live?state=created&size=8&every=60`)
    await eager.next((event) => event.event === 'list-error')
    expect(await faults()).toHaveLength(0)
    quiet.close()
    eager.close()
  })

  it('with list=0 sends only the overview and refreshes no list', async () => {
    await expect.poll(() => dashboard.dashboard.live.stats()).toMatchObject({ views: 0, refreshing: 0 })
    await demo.control('POST', '/faults', {
      rules: [{ operation: 'list_executions', status: 503, times: 1, lane: 'live' }],
    })
    const stream = await openSse(`${dashboard.url}/api/live?state=started&size=9&every=1&list=0`)
    await stream.next((event) => event.event === 'overview')
    expect(dashboard.dashboard.live.stats().views).toBe(0)
    expect((await demo.control<{ rules: unknown[] }>('GET', '/faults')).json.rules).toHaveLength(1)
    stream.close()
    await demo.control('DELETE', '/faults')
  })

  it('refuses a bad view with a clear error', async () => {
    const stream = await openSse(`${dashboard.url}/api/live?size=5000`)
    expect(stream.status).toBe(400)
    stream.close()
  })
})

describe('the live stream’s failure summary and marks', () => {
  it('sends the view’s failure counts as GET /api/triage does, and the trail’s reschedules as they happen', async () => {
    const stream = await openSse(`${dashboard.url}/api/live?state=failed&size=5&every=1`)
    const exact = await stream.next(
      (event) => event.event === 'failures' && event.data.includes('"kind":"exact"'),
      20_000,
    )
    const asked = await rawRequest(`${dashboard.url}/api/triage?state=failed&summary=1`)
    const { generatedAt: _sent, ...streamed } = JSON.parse(exact.data) as Record<string, unknown>
    const { generatedAt: _asked, ...answered } = JSON.parse(asked.body) as Record<string, unknown>
    expect(streamed).toEqual(answered)
    expect(streamed.failed).toBeGreaterThan(0)
    expect(JSON.parse((await stream.next((event) => event.event === 'marks')).data)).toMatchObject({
      data: [],
    })

    const id = (await demo.listExecutions({ page: { first: 1 }, filters: { states: ['failed'] } })).json
      .data[0]?.id
    if (!id) throw new Error('no failed execution')
    const answer = await rawRequest(`${dashboard.url}/api/executions/${encodeURIComponent(id)}/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ schedule_for: true }),
    })
    expect(answer.status).toBe(200)
    const marks = await stream.next((event) => event.event === 'marks' && event.data.includes(id))
    expect(JSON.parse(marks.data)).toMatchObject({ data: [{ executionId: id, outcome: 'rescheduled' }] })
    // Each answer once: the marks were sent twice (none, then the reschedule), however many reads came between.
    expect(stream.events.filter((event) => event.event === 'marks')).toHaveLength(2)
    stream.close()
    await expect.poll(() => dashboard.dashboard.live.stats().subscribers).toBe(0)
  }, 30_000)
})
