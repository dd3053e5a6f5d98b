import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stateMeaning } from '../../shared/states.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { startTestIndex, type TestIndex } from '../testing/indexTestKit.ts'

let api: RunningDemoApi
let demo: DemoClient
const indexes: TestIndex[] = []

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 1_500 }))
})
afterEach(async () => {
  await Promise.all(indexes.splice(0).map((index) => index.close()))
  await demo.control('POST', '/reset')
})
afterAll(async () => {
  await api.close()
})

async function start(options: Partial<Parameters<typeof startTestIndex>[0]> = {}) {
  const index = await startTestIndex({ url: api.url, token: api.token, ...options })
  indexes.push(index)
  return index
}

/** The truth, counted from every execution the demo holds. */
async function truth(filters?: unknown) {
  const counts: Record<string, number> = {}
  for (const execution of await demo.allExecutions(filters)) {
    const meaning = stateMeaning(execution.state) ?? execution.state
    counts[meaning] = (counts[meaning] ?? 0) + 1
  }
  return counts
}

const listCalls = async () =>
  (await demo.control<{ requests: { list_executions: number } }>('GET', '/stats')).json.requests
    .list_executions

describe('the execution index', () => {
  it('counts every execution per state exactly, in about one call per page', async () => {
    await demo.control('POST', '/stats/reset')
    const index = await start()
    const first = await index.overview()
    expect(first.coverage.kind).toBe('counting')
    const exact = await index.until('exact')
    const expected = await truth()
    await demo.control('POST', '/stats/reset')
    expect({ ...exact.counts }).toEqual({ created: 0, started: 0, succeed: 0, failed: 0, ...expected })
    expect(exact.total).toBe(1_500)
    expect(exact.coverage).toMatchObject({ kind: 'exact', executions: 1_500 })
    // 1,500 at the demo's largest page of 100: 15 pages, and the page-size probe (1000 → 100 from its 400).
    if (exact.coverage.kind === 'exact')
      expect(exact.coverage.calls).toBeLessThanOrEqual(Math.ceil(1_500 / 100) + 5)
    expect(exact.notes.order).toBe('created_desc')
    expect(exact.scanner).toBe('this replica')
  })

  it('answers any state filter from the same scan, and a metadata filter from its own', async () => {
    const index = await start()
    await index.until('exact')
    const failed = await index.overview({ states: ['FAILED'] })
    expect(failed.total).toBe((await truth()).failed)
    const metadata = [{ key: 'env', values: ['production'] }]
    const production = await index.until('exact', { metadata, states: [] })
    expect({ ...production.counts }).toMatchObject(await truth({ metadata }))
  })

  it('sees new and finished executions within a refresh, with a few calls each', async () => {
    const index = await start({ settings: { refreshMs: 50 } })
    await index.until('exact')
    for (let tick = 0; tick < 12; tick += 1) await demo.control('POST', '/simulation/tick')
    const expected = await truth()
    await expect
      .poll(
        async () => {
          const overview = await index.overview()
          return overview.coverage.kind === 'exact' ? { ...overview.counts, total: overview.total } : null
        },
        { timeout: 15_000 },
      )
      .toEqual({
        created: 0,
        started: 0,
        succeed: 0,
        failed: 0,
        ...expected,
        total: Object.values(expected).reduce((a, b) => a + b, 0),
      })
  })

  it('keeps one credential’s index from ever answering another', async () => {
    const index = await start()
    await index.until('exact')
    const other = await index.index.overview(
      { authorization: 'Bearer someone-else', source: 'session' },
      { states: [], metadata: [] },
    )
    expect(other.coverage.kind).toBe('counting')
    expect(other.total).toBe(0)
  })

  it('learns from the reschedule answers it relays', async () => {
    const index = await start()
    const before = await index.until('exact', { states: ['failed'] })
    const [target] = (await demo.allExecutions({ states: ['failed'] })).slice(-1)
    const answer = await demo.reschedule(target?.id ?? '', { schedule_for: true })
    index.index.observe(index.credentials, { operation: 'reschedule' }, Buffer.from('{}'), {
      status: answer.status,
      body: Buffer.from(answer.text),
    })
    const after = await index.overview({ states: ['failed'] })
    expect(after.total).toBe(before.total - 1)
  })

  it('verifies again, round after round, what nothing else sees: another client rescheduling an old failure', async () => {
    const index = await start()
    const before = await index.until('exact', { states: ['failed'] })
    const [oldest] = (await demo.allExecutions({ states: ['failed'] })).slice(-1)
    // Another client: the dashboard relays nothing of it, and its place in the list does not move.
    const changedAt = Date.now()
    expect((await demo.reschedule(oldest?.id ?? '', { schedule_for: true })).status).toBe(200)
    // Exact again only on a round that began after the change: the claim's time is that round's start.
    await expect
      .poll(
        async () => {
          const overview = await index.overview({ states: ['failed'] })
          return overview.coverage.kind === 'exact' && overview.coverage.asOf >= changedAt
            ? overview.total
            : null
        },
        { timeout: 15_000 },
      )
      .toBe(before.total - 1)
  })

  it('says what it does not know: a failing API is held up, then "failed", with the reason, never zero', async () => {
    await demo.control('POST', '/faults', {
      rules: [
        { operation: 'list_executions', status: 503, body: '{"message":"maintenance"}', background: true },
      ],
    })
    const index = await start()
    await expect
      .poll(async () => (await index.overview()).notes.verifyTrouble?.reason ?? null)
      .toMatch(/^waiting on the API: .*HTTP 503: maintenance/)
    expect((await index.overview()).coverage).toMatchObject({ kind: 'counting', executions: 0 })
    // The API kept failing through the back-off (1, 2 and 4 s): the walk gives up and says why.
    const failed = await index.until('failed')
    expect(failed.coverage).toMatchObject({ kind: 'failed', executions: 0 })
    if (failed.coverage.kind === 'failed') expect(failed.coverage.reason).toMatch(/HTTP 503: maintenance/)
  })
})

describe('calls', () => {
  it('are counted once per page, not per overview asked', async () => {
    const index = await start()
    await index.until('exact')
    await demo.control('POST', '/stats/reset')
    await Promise.all(Array.from({ length: 50 }, () => index.overview()))
    expect(await listCalls()).toBeLessThanOrEqual(4)
  })
})
