import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import type { SeededCause } from '../demo-api/seedCauses.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import type { FailureGroup, TriageAnswer } from '../../shared/triage.ts'
import type { IndexedExecution } from '../index/rows.ts'
import { sampleOf } from '../triage/shapeGroups.ts'

let api: RunningDemoApi
let demo: DemoClient
let store: Store
let dashboard: TestDashboard
let causes: SeededCause[]

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 2_400, causes: true }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '200' }
  dashboard = await startTestDashboard({ env, store, index: { refreshMs: 100 } })
  causes = (await demo.control<{ causes: SeededCause[] }>('GET', '/causes')).json.causes
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
})

const board = async (query: string) => {
  const answer = await rawRequest(`${dashboard.url}/api/triage?${query}`)
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as TriageAnswer
}
/** The board once the index has counted the whole set. */
const exactBoard = async (query: string) => {
  await expect.poll(async () => (await board(query)).coverage.kind, { timeout: 30_000 }).toBe('exact')
  return board(query)
}
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(`${dashboard.url}/api/triage/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  })
const causeIds = (name: string) => new Set(causes.find((cause) => cause.name === name)?.ids)

/** Share of the cause's executions in the group, and of the group's members that are the cause's. */
async function agreement(group: FailureGroup, query: string, cause: Set<string>) {
  const ids = new Set((await demo.allExecutions({ states: ['failed'] })).map((row) => row.id))
  expect(ids.size).toBeGreaterThan(0)
  const { selection } = group
  if (selection?.kind !== 'window') throw new Error(`expected a burst, got ${query}`)
  const members = (await demo.allExecutions({ states: ['failed'] })).filter((row) => {
    const at = Date.parse(row.created_at)
    return at >= selection.from && at < selection.to
  })
  const right = members.filter((row) => cause.has(row.id)).length
  return { recall: right / cause.size, precision: right / members.length }
}

describe('failure groups', () => {
  it('find the seeded causes: a metadata value and a burst, each with ≥ 95 % of its members right', async () => {
    const byKey = await exactBoard('group=key:region')
    const region = byKey.groups.find((group) => group.id === 'key:ap-south-1')
    const regionCause = causeIds('region-fails-fast')
    expect(region?.size).toBeGreaterThanOrEqual(regionCause.size * 0.95)
    expect(region?.size).toBeLessThanOrEqual(regionCause.size / 0.95)
    // Each sample comes as the API listed it too, for its log links.
    const sampleRows = (region?.sampleRows ?? []) as {
      id: string
      state: string
      metadata?: Record<string, string>
    }[]
    expect(sampleRows.map((row) => row.id)).toEqual(region?.samples)
    for (const row of sampleRows) expect([row.state, row.metadata?.region]).toEqual(['failed', 'ap-south-1'])
    expect(byKey.keys.map((key) => key.key)).toContain('region')

    const bursts = await board('group=burst')
    expect(bursts.groupBy?.kind).toBe('burst')
    const largest = bursts.groups[0] as FailureGroup
    const { recall, precision } = await agreement(largest, 'group=burst', causeIds('failure-burst'))
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(precision).toBeGreaterThanOrEqual(0.95)
    expect(largest.size).toBe(bursts.groups[0]?.size)
  })

  it('find the slow retries by attempt shape on a sample, ≥ 95 % right, and read each sample once', async () => {
    await exactBoard('summary=1')
    const sampleDone = async () => {
      const answer = await board('group=shape')
      return answer.groupBy?.kind === 'shape' ? answer.groupBy.sample.pending : -1
    }
    await expect.poll(sampleDone, { timeout: 30_000 }).toBe(0)
    const byShape = await board('group=shape')
    expect(byShape.groupBy).toMatchObject({
      kind: 'shape',
      sample: { sampled: 200, read: 200, unreadable: 0 },
    })
    const late = byShape.groups.find((group) => group.id === 'shape:4+:late') as FailureGroup
    expect(late.label).toBe('4 or more attempts, 20 minutes or more each (failed late)')
    expect(late.selection).toBeNull()
    // The members as acknowledging the group records them, against the seeded cause within the same sample.
    const acked = await post(`ack?group=shape&id=${encodeURIComponent(late.id)}`, '{"note":"slow retries"}')
    const { run, count } = JSON.parse(acked.body) as { run: string; count: number }
    expect(count).toBe(late.size)
    const trail = await rawRequest(`${dashboard.url}/api/audit?kind=acknowledge&bulk=${run}&size=500`)
    const members = (JSON.parse(trail.body) as { data: { executionId: string }[] }).data.map(
      (r) => r.executionId,
    )
    await post('undo', JSON.stringify({ run }))
    const failed = (await demo.allExecutions({ states: ['failed'] })) as unknown as IndexedExecution[]
    const cause = causeIds('slow-retries')
    const causeInSample = sampleOf(failed).filter((row) => cause.has(row.id))
    const right = members.filter((id) => cause.has(id)).length
    expect(causeInSample.length).toBeGreaterThan(10)
    expect(right / causeInSample.length).toBeGreaterThanOrEqual(0.95)
    expect(right / members.length).toBeGreaterThanOrEqual(0.95)

    // Groups by key carry their own samples' shapes; a second look reads nothing again.
    const stats = async () =>
      (await demo.control<{ requests: { list_attempts: number } }>('GET', '/stats')).json.requests
    await expect
      .poll(
        async () => (await board('group=key:region')).groups.every((g) => (g.shapes?.pending ?? 0) === 0),
        {
          timeout: 30_000,
        },
      )
      .toBe(true)
    const before = (await stats()).list_attempts
    const region = (await board('group=key:region')).groups.find((g) => g.id === 'key:ap-south-1')
    expect(region?.shapes?.top[0]).toEqual({
      label: '1 attempt, under a minute (failed fast)',
      count: region?.size,
    })
    await board('group=shape')
    expect((await stats()).list_attempts).toBe(before)
  }, 60_000)

  it('acknowledges a group for everyone, records it, and undoes it', async () => {
    const query = 'group=key:region'
    const before = await exactBoard(query)
    const group = before.groups.find((candidate) => candidate.id === 'key:ap-south-1') as FailureGroup
    const acked = await post(
      `ack?${query}&id=${encodeURIComponent(group.id)}`,
      '{"note":"INC-42 region outage"}',
      {
        'X-Forwarded-User': 'olga',
      },
    )
    expect(acked.status, acked.body).toBe(200)
    const { run, count } = JSON.parse(acked.body) as { run: string; count: number }
    expect(count).toBe(group.size)

    const after = await board(query)
    expect(after.unaddressed).toBe(before.unaddressed - group.size)
    const same = after.groups.find((candidate) => candidate.id === group.id)
    expect(same).toMatchObject({ acknowledged: group.size, open: 0 })
    expect(same?.acks).toEqual([
      expect.objectContaining({ run, note: 'INC-42 region outage', count: group.size }),
    ])
    const trail = JSON.parse(
      (await rawRequest(`${dashboard.url}/api/audit?kind=acknowledge&size=500`)).body,
    ) as {
      data: { outcome: string; bulkRun: string; detail: string; runView: string | null }[]
    }
    expect(trail.data.filter((record) => record.bulkRun === run)).toHaveLength(group.size)
    expect(trail.data[0]).toMatchObject({ outcome: 'acknowledged', detail: 'INC-42 region outage' })
    // Its link opens the board as it was, the group open; the list of what it acted on is the group's failures.
    const view = new URLSearchParams(trail.data[0]?.runView ?? '')
    expect([view.get('triage'), view.get('group'), view.get('open-group')]).toEqual([
      '1',
      'key:region',
      'key:ap-south-1',
    ])
    const members = await rawRequest(`${dashboard.url}/api/index/executions?run=${run}&size=1000`)
    expect(members.status, members.body).toBe(200)
    const listed = JSON.parse(members.body) as { data: unknown[]; run: { members: number; kind: string } }
    expect(listed.run).toMatchObject({ members: group.size, kind: 'acknowledge' })
    expect(listed.data).toHaveLength(group.size)

    const undone = await post('undo', JSON.stringify({ run }))
    expect(JSON.parse(undone.body)).toEqual({ run, count: group.size })
    expect((await board(query)).unaddressed).toBe(before.unaddressed)
    const again = await post('undo', JSON.stringify({ run }))
    expect(JSON.parse(again.body)).toEqual({ run, count: 0 })
  })

  it('never keeps the token a note carries: withheld, in the board and in the trail', async () => {
    const query = 'group=key:region'
    const before = await exactBoard(query)
    const group = before.groups.find((candidate) => candidate.id === 'key:eu-west-1') as FailureGroup
    const acked = await post(
      `ack?${query}&id=${encodeURIComponent(group.id)}`,
      JSON.stringify({ note: `pasted by mistake: ${api.token}` }),
    )
    expect(acked.status, acked.body).toBe(200)
    const { run } = JSON.parse(acked.body) as { run: string }
    const trail = await rawRequest(`${dashboard.url}/api/audit?kind=acknowledge&size=500`)
    expect(trail.body).not.toContain(api.token)
    expect(trail.body).toContain('(withheld: it contained the token)')
    const board = await rawRequest(`${dashboard.url}/api/triage?${query}`)
    expect(board.body).not.toContain(api.token)
    await post('undo', JSON.stringify({ run }))
  })

  it('counts a failure rescheduled through the dashboard as addressed', async () => {
    const before = await exactBoard('summary=1')
    const failed = (await demo.allExecutions({ states: ['failed'] })).find((row) => /^[\w-]+$/.test(row.id))
    const answer = await rawRequest(`${dashboard.url}/api/executions/${failed?.id ?? ''}/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    expect(answer.status, answer.body).toBe(200)
    await expect.poll(async () => (await board('summary=1')).unaddressed).toBe(before.unaddressed - 1)
  })

  it('refuses what it cannot do, with the reason, and acknowledges nothing', async () => {
    const cases: [string, string, number, RegExp][] = [
      ['ack?group=key:region&id=key:ap-south-1', '{}', 400, /note/],
      ['ack?group=key:region&id=key:ap-south-1', '{"note":"  "}', 400, /the note is empty/],
      ['ack?group=key:region&id=key:ap-south-1', JSON.stringify({ note: 'x'.repeat(501) }), 400, /500/],
      ['ack?group=key:region', '{"note":"n"}', 400, /id \(the group\)/],
      ['ack?group=key:region&id=key:nowhere', '{"note":"n"}', 409, /no longer on the board/],
      ['ack?group=key:region&id=key:ap-south-1&window=2h', '{"note":"n"}', 400, /window must be/],
      ['ack?group=key:region&id=key:ap-south-1', '[1,2]', 400, /note/],
      ['undo', '{"run":"not-a-run"}', 400, /run/],
    ]
    for (const [path, body, status, message] of cases) {
      const answer = await post(path, body)
      expect([path, answer.status]).toEqual([path, status])
      expect(jsonOf(answer).error.message).toMatch(message)
    }
    const wrongType = await rawRequest(`${dashboard.url}/api/triage/ack?id=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'note',
    })
    expect(wrongType.status).toBe(415)
    const trail = JSON.parse(
      (await rawRequest(`${dashboard.url}/api/audit?kind=acknowledge&outcome=acknowledged&size=1`)).body,
    ) as {
      data: { detail: string }[]
    }
    expect(trail.data.every((record) => record.detail !== 'n')).toBe(true)
  })
})

describe('a view whose window cannot be read', () => {
  it('is refused as a bad request naming the window, not as a filter that is too long', async () => {
    const cases: [string, RegExp][] = [
      ['/api/overview?window=abc', /^window must be one of 15m, 1h, 6h, 24h, 7d or any\.$/],
      ['/api/triage?window=-5', /^window must be one of/],
      ['/api/overview?from=zzz&to=1', /^from must be a date and time.*; to must be a date and time/],
    ]
    for (const [path, message] of cases) {
      const answer = await rawRequest(`${dashboard.url}${path}`)
      expect([path, answer.status, jsonOf(answer).error.code]).toEqual([path, 400, 'bad_request'])
      expect(jsonOf(answer).error.message).toMatch(message)
    }
  })
})
