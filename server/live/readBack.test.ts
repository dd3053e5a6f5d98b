import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewAnswer } from '../../shared/overview.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { openSse } from '../testing/sseClient.ts'
import { withRowsHeld } from '../testing/heldRows.ts'

let api: RunningDemoApi

beforeAll(async () => {
  ;({ api } = await startTestApi({ executionCount: 300 }))
}, 60_000)
afterAll(async () => {
  await api.close()
})

async function opened(dir: string): Promise<Store> {
  const store = await openEmbeddedStore(dir)
  await migrate(store)
  return store
}

describe('a tab opened while the index is read back after a start', () => {
  it('hears its window counted so far at once, then the index’s own counts', async () => {
    const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '100' }
    const index = { refreshMs: 60_000 }
    const dir = await embeddedDataDir()
    const first = await opened(dir)
    const before = await startTestDashboard({ env, store: first, index })
    const overview = async (origin: string) =>
      (await (await fetch(`${origin}/api/overview`)).json()) as OverviewAnswer
    await expect
      .poll(async () => (await overview(before.url)).coverage.kind, { timeout: 30_000 })
      .toBe('exact')
    await before.close()
    await first.close()

    // The same store again, its rows read back only when the test says.
    const store = await opened(dir)
    const { store: holding, readRows } = withRowsHeld(store)
    const after = await startTestDashboard({ env, store: holding, index })
    // Every dated execution: a window the stored summaries cannot answer.
    const tab = await openSse(`${after.url}/api/live?from=1970-01-01T00:00:01Z&size=5&every=60`)
    expect(tab.status).toBe(200)
    const reading = JSON.parse((await tab.next((event) => event.event === 'overview')).data) as OverviewAnswer
    expect(reading.coverage).toMatchObject({ kind: 'counting', executions: 0, estimate: 300 })
    expect(reading.notes.readBack?.writtenAt).toBeGreaterThan(0)

    readRows()
    const own = JSON.parse(
      (
        await tab.next(
          (event) =>
            event.event === 'overview' &&
            (JSON.parse(event.data) as OverviewAnswer).coverage.kind !== 'counting',
        )
      ).data,
    ) as OverviewAnswer
    expect(own.coverage).toMatchObject({ kind: 'exact', executions: 300 })
    expect(own.total).toBe(300)
    expect(own.notes.readBack).toBeUndefined()
    tab.close()
    await tab.closed
    await after.close()
    await store.close()
  }, 60_000)
})
