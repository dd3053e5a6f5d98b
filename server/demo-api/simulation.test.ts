import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import { Random } from './random.ts'
import { generateSeedData } from './seed.ts'
import { timelineProblems } from './seedInvariants.ts'
import { LOCKED_EXECUTION_ID } from './seedSpecials.ts'
import { runSimulationTick } from './simulation.ts'
import { DemoStore } from './store.ts'
import { FIXED_NOW, startTestApi } from './testClient.ts'
import type { DemoClient } from './testClient.ts'

function freshStore(): DemoStore {
  return new DemoStore(generateSeedData({ seed: 42, count: 400, now: FIXED_NOW }))
}

const statesById = (store: DemoStore) =>
  new Map(store.all().map((execution) => [execution.id, execution.state]))

describe('runSimulationTick', () => {
  it('starts created executions with a new started attempt', () => {
    const store = freshStore()
    const rescheduled = store.get('exec-000010')
    if (!rescheduled) throw new Error('missing exec-000010')
    store.reschedule(rescheduled, FIXED_NOW)
    const attemptsBefore = store.all().map((execution) => execution.attempts.length)
    const summary = runSimulationTick(store, new Random(1), FIXED_NOW + 2_000)
    expect(summary.started.length).toBeGreaterThan(0)
    for (const id of summary.started) {
      const execution = store.get(id)
      expect(execution?.state === 'started' || summary.finished.includes(id)).toBe(true)
      expect(execution?.attempts.at(-1)).toMatchObject({ state: 'started', createdAt: FIXED_NOW + 2_000 })
    }
    const attemptsAfter = store.all().map((execution) => execution.attempts.length)
    expect(attemptsAfter.reduce((a, b) => a + b)).toBeGreaterThan(attemptsBefore.reduce((a, b) => a + b))
  })

  it('finishes started executions together with their attempt', () => {
    const store = freshStore()
    const summary = runSimulationTick(store, new Random(2), FIXED_NOW + 2_000)
    expect(summary.finished.length).toBeGreaterThan(0)
    for (const id of summary.finished) {
      const execution = store.get(id)
      if (summary.retried.includes(id)) {
        expect(execution?.state).toBe('started')
        expect(execution?.attempts.at(-2)?.state).toBe('failed')
      } else {
        expect(['succeed', 'failed']).toContain(execution?.state)
        expect(execution?.attempts.at(-1)?.state).toBe(execution?.state)
      }
      expect(execution?.updatedAt).toBe(FIXED_NOW + 2_000)
    }
  })

  it('keeps timelines consistent over many ticks, adds executions and never moves exec-locked', () => {
    const store = freshStore()
    const random = new Random(3)
    const before = statesById(store)
    let now = FIXED_NOW
    for (let tick = 0; tick < 200; tick++) {
      now += 2_000
      runSimulationTick(store, random, now)
    }
    expect(store.all().flatMap((execution) => timelineProblems(execution, now, false))).toEqual([])
    expect(store.all().length).toBeGreaterThan(400)
    expect(store.all()[0]?.createdAt).toBeGreaterThan(FIXED_NOW)
    expect(store.get(LOCKED_EXECUTION_ID)?.state).toBe('started')
    const after = statesById(store)
    expect([...before].filter(([id, state]) => after.get(id) !== state).length).toBeGreaterThan(0)
  })

  it('is deterministic for a seed', () => {
    const [first, second] = [freshStore(), freshStore()]
    runSimulationTick(first, new Random(9), FIXED_NOW + 1)
    runSimulationTick(second, new Random(9), FIXED_NOW + 1)
    expect(first.all()).toEqual(second.all())
  })
})

describe('simulation control endpoints', () => {
  let api: RunningDemoApi
  let client: DemoClient

  beforeAll(async () => {
    ;({ api, client } = await startTestApi({ executionCount: 200, tickMs: 60_000 }))
  })
  afterAll(() => api.close())

  it('switches the simulation on and off', async () => {
    expect((await client.control('GET', '/simulation')).json).toEqual({ running: false })
    expect((await client.control('PUT', '/simulation', { running: true })).json).toEqual({ running: true })
    expect((await client.control('PUT', '/simulation', { running: false })).json).toEqual({ running: false })
    expect((await client.control('PUT', '/simulation', { running: 'yes' })).status).toBe(400)
  })

  it('runs one tick on demand and reset restores the seeded data', async () => {
    const seededList = (await client.listExecutions({ page: { first: 100 } })).json
    let changed = false
    for (let tick = 0; tick < 10 && !changed; tick++) {
      await client.control('POST', '/simulation/tick')
      changed =
        JSON.stringify((await client.listExecutions({ page: { first: 100 } })).json) !==
        JSON.stringify(seededList)
    }
    expect(changed).toBe(true)
    await client.control('POST', '/reset')
    expect((await client.listExecutions({ page: { first: 100 } })).json).toEqual(seededList)
  })
})
