import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { rawRequest } from '../testing/httpTestKit.ts'
import { openSse } from '../testing/sseClient.ts'

let api: RunningDemoApi
let demo: DemoClient
let dashboard: TestDashboard
let store: Store

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 300 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  dashboard = await startTestDashboard({
    env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '100' },
    store,
    index: { liveMinMs: 200, refreshMs: 60_000 },
  })
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
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
