import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { rawRequest } from '../testing/httpTestKit.ts'

let api: RunningDemoApi
let demo: DemoClient
let store: Store
let dashboard: TestDashboard

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 300 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '200' }
  dashboard = await startTestDashboard({ env, store, index: { refreshMs: 100 } })
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
})

interface Lookup {
  data: { id: string; state: string; created_at: string | null } | null
  seen_at: number | null
  coverage: { kind: string }
  source: string
}
const lookup = async (id: string) => {
  const answer = await rawRequest(`${dashboard.url}/api/index/execution?id=${encodeURIComponent(id)}`)
  return { status: answer.status, body: answer.body, json: () => JSON.parse(answer.body) as Lookup }
}

describe('GET /api/index/execution', () => {
  it('answers an execution as the index saw it, with when, once the index has scanned the set', async () => {
    const [row] = await demo.allExecutions({ states: ['failed'] })
    if (!row) throw new Error('the demo seeded no failed execution')
    await expect.poll(async () => (await lookup(row.id)).json().data?.id, { timeout: 30_000 }).toBe(row.id)
    const found = (await lookup(row.id)).json()
    expect(found.source).toBe('index')
    expect(found.data?.created_at).toBe(row.created_at)
    expect(found.seen_at).toBeGreaterThan(0)
  }, 40_000)

  it('says an id it has not seen is not in the index, with the coverage to judge the miss by', async () => {
    const missing = await lookup('no-such-execution <script>')
    expect(missing.status).toBe(200)
    expect(missing.json()).toMatchObject({ data: null, seen_at: null, source: 'index' })
    expect(['exact', 'at_least', 'counting', 'failed']).toContain(missing.json().coverage.kind)
  })

  it('refuses a missing, empty or overlong id with a clear 400', async () => {
    for (const query of ['', 'id=', `id=${'x'.repeat(1025)}`]) {
      const answer = await rawRequest(`${dashboard.url}/api/index/execution?${query}`)
      expect(answer.status).toBe(400)
      expect(answer.body).toContain('id must be given')
    }
  })
})
