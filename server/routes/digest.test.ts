import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DigestAnswer } from '../../shared/digest.ts'
import type { TickSummary } from '../demo-api/simulation.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { startTestApi, type DemoClient } from '../demo-api/testClient.ts'
import type { TestDashboard } from '../testing/dashboardTestKit.ts'
import { startNamedUsersStack, type NamedUsersStack } from '../testing/namedUsersKit.ts'
import { rawRequest } from '../testing/httpTestKit.ts'

let api: RunningDemoApi
let stack: NamedUsersStack
let demo: DemoClient
let dashboard: TestDashboard

beforeAll(async () => {
  // The demo's clock is the real one here: the digest compares the API's updated_at with when a user looked.
  ;({ api, client: demo } = await startTestApi({ executionCount: 600, now: Date.now }))
  stack = await startNamedUsersStack(api)
  dashboard = stack.dashboard
}, 60_000)
afterAll(async () => {
  await stack.close()
  await api.close()
})

const as = (user: string) => stack.as(user)
async function digest(user: string, view = 'm.team=data'): Promise<DigestAnswer> {
  const answer = await rawRequest(`${dashboard.url}/api/digest?${view}`, { headers: as(user) })
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as DigestAnswer
}
async function look(user: string, view = 'm.team=data'): Promise<number | null> {
  const answer = await rawRequest(`${dashboard.url}/api/digest/seen?${view}`, {
    method: 'POST',
    headers: { ...as(user), 'Content-Type': 'application/json' },
    body: '{}',
  })
  expect(answer.status, answer.body).toBe(200)
  return (JSON.parse(answer.body) as { seenAt: number | null }).seenAt
}
const failedSince = async (since: number) =>
  (await demo.allExecutions({ states: ['failed'], metadata: [{ key: 'team', values: ['data'] }] })).filter(
    (row) => Date.parse(row.updated_at) > since,
  )

describe('since you last looked', () => {
  it('has nothing to compare on a first look, then misses none of the failures of 200 changes', async () => {
    expect((await digest('olga')).lastSeenAt).toBeNull()
    // A look counts once the index holds the whole view, as of its last complete refresh.
    await expect.poll(async () => await look('olga'), { timeout: 30_000 }).not.toBeNull()
    const seenAt = (await digest('olga')).lastSeenAt ?? 0
    expect(seenAt).toBeLessThanOrEqual(Date.now())
    expect((await digest('olga')).lastSeenAt).toBe(seenAt)
    // The demo's simulation: executions start, finish (a fifth of them failing, some retried) and arrive.
    let changes = 0
    while (changes < 200) {
      const { json } = await demo.control<TickSummary>('POST', '/simulation/tick')
      changes += json.started.length + json.finished.length + json.retried.length + json.created.length
    }
    const truth = await failedSince(seenAt)
    expect(truth.length).toBeGreaterThan(0)
    await expect
      .poll(async () => (await digest('olga')).newFailures.count, { timeout: 30_000 })
      .toBe(truth.length)
    const shown = await digest('olga')
    expect(shown.lastSeenAt).toBe(seenAt)
    const truthIds = new Set(truth.map((row) => row.id))
    expect(shown.newFailures.ids.length).toBe(Math.min(10, truth.length))
    for (const id of shown.newFailures.ids) expect(truthIds).toContain(id)
    // Another user's last look is theirs: a first look for them.
    expect((await digest('bob')).lastSeenAt).toBeNull()
  }, 90_000)

  it('names reschedules by others since the last look, never the user’s own', async () => {
    await expect.poll(() => look('olga', 'state=failed'), { timeout: 30_000 }).not.toBeNull()
    await expect.poll(() => look('bob', 'state=failed'), { timeout: 30_000 }).not.toBeNull()
    const [first, second] = await demo.allExecutions({ states: ['failed'] })
    for (const [user, row] of [
      ['bob', first],
      ['olga', second],
    ] as const) {
      const answer = await rawRequest(`${dashboard.url}/api/executions/${row?.id}/schedule`, {
        method: 'PATCH',
        headers: { ...as(user), 'Content-Type': 'application/json' },
        body: '{"schedule_for":true}',
      })
      expect(answer.status, answer.body).toBe(200)
    }
    const olga = await digest('olga', 'state=failed')
    expect(olga.rescheduledByOthers).toMatchObject({
      count: 1,
      records: [{ executionId: first?.id, user: 'bob' }],
    })
    const bob = await digest('bob', 'state=failed')
    expect(bob.rescheduledByOthers).toMatchObject({
      count: 1,
      records: [{ executionId: second?.id, user: 'olga' }],
    })
  })

  it('calls running executions long only past the usual duration of the succeeded ones', async () => {
    const { longRunning } = await digest('olga', '')
    if (longRunning.usualMs === null) expect(longRunning.basis).toBeLessThan(20)
    else {
      expect(longRunning.basis).toBeGreaterThanOrEqual(20)
      expect(longRunning.ids.length).toBe(Math.min(10, longRunning.count))
    }
  })

  it('refuses a view it cannot read with a clear 400', async () => {
    const answer = await rawRequest(`${dashboard.url}/api/digest?m.env=${'x'.repeat(3_000)}`, {
      headers: as('olga'),
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('longer than 2048 characters')
  })
})
