import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkRunReport } from '../../shared/bulkRunReport.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { notARunId } from './bulkRunReport.ts'

let api: RunningDemoApi
let demo: DemoClient
let store: Store
let indexed: TestDashboard
let unindexed: TestDashboard
let ids: string[]

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 300 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token }
  indexed = await startTestDashboard({ env, store, index: { refreshMs: 100 } })
  unindexed = await startTestDashboard({ env, store, index: { enabled: false } })
  const page = await demo.listExecutions({ page: { first: 4 }, filters: { states: ['failed'] } })
  ids = page.json.data.map((execution) => execution.id)
}, 60_000)
afterAll(async () => {
  await indexed.close()
  await unindexed.close()
  await store.close()
  await api.close()
})

const reschedule = (id: string, run: string) =>
  rawRequest(`${indexed.url}/api/executions/${encodeURIComponent(id)}/schedule`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', 'X-Bulk-Run': run },
    body: JSON.stringify({ schedule_for: true }),
  })
const report = async (dashboard: TestDashboard, query: string) => {
  const answer = await rawRequest(`${dashboard.url}/api/audit/run?${query}`)
  return {
    status: answer.status,
    body: JSON.parse(answer.body) as BulkRunReport & { error?: { code: string } },
  }
}

describe('a bulk run’s report', () => {
  it('lists the run’s frozen set with each member’s state since the re-run, and counts them', async () => {
    const run = 'run-report-0001'
    const [refused, ...accepted] = ids
    await demo.control('POST', '/faults', {
      rules: [{ operation: 'reschedule', executionId: refused, status: 409, times: 1 }],
    })
    for (const id of ids) await reschedule(id, run)
    // Another run's reschedule, whose id starts the same, is not a member.
    await reschedule(accepted[0] ?? '', `${run}-other`)

    const first = await report(indexed, `bulk=${run}`)
    expect(first.status).toBe(200)
    expect(first.body.members.map((member) => member.id)).toEqual(ids)
    expect(first.body.members.find((member) => member.id === refused)).toMatchObject({
      outcome: 'refused_by_api',
      standing: 'not_rescheduled',
    })
    expect(first.body.counts.not_rescheduled).toBe(1)
    expect(Object.values(first.body.counts).reduce((sum, count) => sum + count, 0)).toBe(ids.length)
    // Once the index reads them again, each accepted one has a state since the re-run: never "failed again" at once.
    await expect
      .poll(
        async () =>
          (await report(indexed, `bulk=${run}`)).body.members
            .filter((member) => member.id !== refused)
            .map((member) => member.standing),
        { timeout: 20_000 },
      )
      .toSatisfy(
        (standings: string[]) =>
          standings.length === accepted.length &&
          standings.every((standing) => /^(created|started|succeeded|failed_again)$/.test(standing)),
      )
  })

  it('says "not in the index" without one, never a guessed state', async () => {
    const run = 'run-report-0002'
    await reschedule(ids[1] ?? '', run)
    const answer = await report(unindexed, `bulk=${run}`)
    expect(answer.body.members).toEqual([
      expect.objectContaining({ id: ids[1], standing: 'not_seen', state: null }),
    ])
  })

  it('refuses an id that is not a run’s and answers 404 for a run the trail does not have', async () => {
    const short = await rawRequest(`${indexed.url}/api/audit/run?bulk=abc`)
    expect([short.status, jsonOf(short).error.message]).toEqual([
      400,
      '“abc” is not a bulk run’s id: a run id is 8 to 100 letters, digits, - or _.',
    ])
    const none = await rawRequest(`${indexed.url}/api/audit/run?id=zzz`)
    expect([none.status, jsonOf(none).error.message]).toEqual([
      400,
      'No bulk run id was given (a run id is 8 to 100 letters, digits, - or _); ask for /api/audit/run?bulk=<run id>.',
    ])
    expect(notARunId('r'.repeat(300))).toBe(
      `“${'r'.repeat(40)}…” is not a bulk run’s id: a run id is 8 to 100 letters, digits, - or _.`,
    )
    expect((await report(indexed, "bulk=run'%20or%201=1")).status).toBe(400)
    const missing = await report(indexed, 'bulk=no-such-run-here')
    expect(missing.status).toBe(404)
    expect(missing.body.error?.code).toBe('not_found')
  })
})

describe('the list limited to a bulk run', () => {
  const list = async (dashboard: TestDashboard, query: string) => {
    const answer = await rawRequest(`${dashboard.url}/api/index/executions?${query}`)
    return {
      status: answer.status,
      body: JSON.parse(answer.body) as {
        data: { id: string; state: string }[]
        page_info: { has_next_page: boolean; end_cursor: string | null }
        run?: { run: string; members: number; not_in_index: number; truncated: boolean }
        error?: { code: string }
      },
    }
  }

  it('pages through the run’s members only, with the filters applied and what the index does not hold counted', async () => {
    const run = 'run-list-0003'
    const members = ids.slice(0, 3)
    for (const id of members) await reschedule(id, run)
    await reschedule('exec-that-is-nowhere', run)
    // Another run whose id starts the same is not part of it.
    await reschedule(ids[3] ?? '', `${run}-other`)

    const seen: string[] = []
    let after: string | null = null
    for (let pages = 0; pages < 5; pages += 1) {
      const answer = await list(indexed, `run=${run}&size=2${after ? `&after=${after}` : ''}`)
      expect(answer.status).toBe(200)
      expect(answer.body.run).toEqual({
        run,
        members: 4,
        not_in_index: 1,
        truncated: false,
        kind: 'reschedule',
      })
      seen.push(...answer.body.data.map((row) => row.id))
      if (!answer.body.page_info.has_next_page) break
      after = answer.body.page_info.end_cursor
    }
    expect(seen.sort()).toEqual([...members].sort())

    const states = new Set((await list(indexed, `run=${run}&size=50`)).body.data.map((row) => row.state))
    for (const state of states) {
      const filtered = await list(indexed, `run=${run}&size=50&state=${state}`)
      expect(filtered.body.data.length).toBeGreaterThan(0)
      expect(filtered.body.data.every((row) => row.state === state && members.includes(row.id))).toBe(true)
    }
  })

  it('records what the run acted on (X-Bulk-View) on each of its records, its window pinned', async () => {
    const run = 'run-view-0001'
    const sent = (id: string, view: string) =>
      rawRequest(`${indexed.url}/api/executions/${encodeURIComponent(id)}/schedule`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-Bulk-Run': run, 'X-Bulk-View': view },
        body: JSON.stringify({ schedule_for: true }),
      })
    const before = Date.now()
    await sent(
      ids[0] ?? '',
      'state=failed&m.env=production&window=1h&triage=1&group=key:team&open-group=key:data',
    )
    await sent(ids[1] ?? '', 'from=not-a-time')
    const trail = JSON.parse((await rawRequest(`${indexed.url}/api/audit?bulk=${run}`)).body) as {
      data: { executionId: string; runView: string | null }[]
    }
    const viewOf = (id: string) => trail.data.find((record) => record.executionId === id)?.runView
    const view = new URLSearchParams(viewOf(ids[0] ?? '') ?? '')
    expect(view.get('m.env')).toBe('production')
    expect(view.get('group')).toBe('key:team')
    expect(view.get('open-group')).toBe('key:data')
    expect(Date.parse(view.get('to') ?? '') - Date.parse(view.get('from') ?? '')).toBe(3_600_000)
    expect(Date.parse(view.get('to') ?? '')).toBeGreaterThanOrEqual(before)
    expect(viewOf(ids[1] ?? '')).toBeNull()
    // Without a run, a view is not recorded at all.
    const single = await rawRequest(
      `${indexed.url}/api/executions/${encodeURIComponent(ids[2] ?? '')}/schedule`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-Bulk-View': 'm.env=production' },
        body: JSON.stringify({ schedule_for: true }),
      },
    )
    expect(single.status).toBe(200)
    const last = JSON.parse((await rawRequest(`${indexed.url}/api/audit?size=1`)).body) as {
      data: { runView: string | null }[]
    }
    expect(last.data[0]?.runView).toBeNull()
  })

  it('refuses an id that is not a run’s, answers 404 for an unknown run, and 503 without the index', async () => {
    expect((await list(indexed, 'run=x')).status).toBe(400)
    const missing = await list(indexed, 'run=no-such-run-here')
    expect(missing.status).toBe(404)
    expect(missing.body.error?.code).toBe('not_found')
    expect((await list(unindexed, 'run=run-list-0003')).body.error?.code).toBe('index_unavailable')
  })
})
