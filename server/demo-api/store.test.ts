import { describe, expect, it } from 'vitest'
import { matchesExecutionFilters } from './filters.ts'
import { paginate } from './paging.ts'
import { Random } from './random.ts'
import { generateSeedData } from './seed.ts'
import { runSimulationTick } from './simulation.ts'
import { DemoStore } from './store.ts'
import { FIXED_NOW } from './testClient.ts'

const seed = () => generateSeedData({ seed: 42, count: 500, now: FIXED_NOW })

describe('DemoStore', () => {
  it('pages exactly as filtering every row would, after simulation ticks and reschedules', () => {
    const store = new DemoStore(seed)
    const random = new Random(4)
    let now = FIXED_NOW
    for (let tick = 0; tick < 150; tick++) {
      now += 2_000
      runSimulationTick(store, random, now)
      store.reschedule(random.pick(store.all()), now)
    }
    const filters = { states: ['failed', 'created'], metadata: [{ key: 'env', values: ['production'] }] }
    const expected = paginate(
      store.all().filter((execution) => matchesExecutionFilters(execution, filters)),
      { first: 30 },
    )
    expect(store.page(filters, { first: 30 })).toEqual(expected)
    expect(store.inState('created').every((execution) => execution.state === 'created')).toBe(true)
  })

  it('seeds again on reset, without keeping a copy, and indexes new executions', () => {
    let seeded = 0
    const store = new DemoStore(() => {
      seeded += 1
      return seed()
    })
    const before = store.all()
    const created = store.createExecution({ env: 'moon' }, FIXED_NOW + 1)
    expect(store.page({ metadata: [{ key: 'env', values: ['moon'] }] }, {}).items).toEqual([created])
    expect(store.size).toBe(501)
    store.reset()
    expect(seeded).toBe(2)
    expect(store.all()).toEqual(before)
    expect(store.get(created.id)).toBeUndefined()
  })

  it('works on copies of seed data it is given', () => {
    const data = seed()
    const store = new DemoStore(data)
    const execution = store.get('exec-000010')
    if (!execution) throw new Error('missing exec-000010')
    store.reschedule(execution, FIXED_NOW)
    expect(data.executions.find((other) => other.id === 'exec-000010')?.state).not.toBe('created')
    store.reset()
    expect(store.get('exec-000010')?.state).not.toBe('created')
  })
})
