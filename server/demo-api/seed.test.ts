import { describe, expect, it } from 'vitest'
import { FIXED_NOW } from './testClient.ts'
import { generateSeedData, SEED_WINDOW_MS } from './seed.ts'
import { timelineProblems } from './seedInvariants.ts'
import {
  DEMO_FIXTURE_KEY,
  FLAKY_ATTEMPT_COUNT,
  FLAKY_EXECUTION_ID,
  LOCKED_EXECUTION_ID,
  MARKUP_EXECUTION_ID,
  MARKUP_PIPELINE,
  ODD_EXECUTION_ID,
} from './seedSpecials.ts'
import { DemoStore } from './store.ts'

const seeded = generateSeedData({ seed: 42, count: 2400, now: FIXED_NOW })
const newestFirst = new DemoStore(seeded).all()

describe('generateSeedData', () => {
  it('is deterministic for a seed and a clock', () => {
    expect(generateSeedData({ seed: 42, count: 2400, now: FIXED_NOW })).toEqual(seeded)
    expect(generateSeedData({ seed: 7, count: 2400, now: FIXED_NOW })).not.toEqual(seeded)
  })

  it('creates the requested number of executions with unique ids', () => {
    expect(seeded.executions).toHaveLength(2400)
    expect(new Set(seeded.executions.map((execution) => execution.id)).size).toBe(2400)
    expect(seeded.executions.filter((execution) => /^exec-\d{6}$/.test(execution.id))).toHaveLength(2396)
  })

  it('spreads created_at over the 14 days before now', () => {
    const times = seeded.executions.map((execution) => execution.createdAt)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(FIXED_NOW - SEED_WINDOW_MS)
    expect(Math.min(...times)).toBeLessThan(FIXED_NOW - SEED_WINDOW_MS + 86_400_000)
    expect(Math.max(...times)).toBeLessThan(FIXED_NOW)
  })

  it('puts exactly `recent` executions in the last hour when asked, with a gap before it', () => {
    const split = generateSeedData({ seed: 42, count: 2400, now: FIXED_NOW, recent: 300 }).executions
    const HOUR = 3_600_000
    const created = split.map((execution) => execution.createdAt)
    expect(created.filter((at) => at >= FIXED_NOW - HOUR)).toHaveLength(300)
    // Ten minutes later the last hour still holds the same 300.
    expect(created.filter((at) => at >= FIXED_NOW + 600_000 - HOUR)).toHaveLength(300)
    expect(split.flatMap((execution) => timelineProblems(execution, FIXED_NOW))).toEqual([])
  })

  it('has a realistic mix of states, in-progress ones among the newest', () => {
    const count = (state: string) => seeded.executions.filter((execution) => execution.state === state).length
    expect(count('succeed')).toBeGreaterThan(2400 * 0.75)
    expect(count('failed')).toBeGreaterThan(2400 * 0.08)
    expect(count('started')).toBeGreaterThan(0)
    expect(count('created')).toBeGreaterThan(0)
    expect(count('started') + count('created')).toBeLessThan(2400 * 0.03)
    const newest = newestFirst.slice(0, 20)
    expect(newest.filter((execution) => execution.state === 'started').length).toBeGreaterThanOrEqual(2)
  })

  it('gives every execution a consistent timeline with 0 to 5 attempts, except exec-flaky', () => {
    expect(seeded.executions.flatMap((execution) => timelineProblems(execution, FIXED_NOW))).toEqual([])
    for (const execution of seeded.executions) {
      const limit = execution.id === FLAKY_EXECUTION_ID ? FLAKY_ATTEMPT_COUNT : 5
      expect(execution.attempts.length).toBeLessThanOrEqual(limit)
      if (execution.state !== 'created') expect(execution.attempts.length).toBeGreaterThanOrEqual(1)
    }
    const attemptIds = seeded.executions.flatMap((execution) =>
      execution.attempts.map((attempt) => attempt.id),
    )
    expect(new Set(attemptIds).size).toBe(attemptIds.length)
  })

  it('uses env, region, team and pipeline on every execution, trigger on some', () => {
    for (const execution of seeded.executions) {
      expect(Object.keys(execution.metadata)).toEqual(
        expect.arrayContaining(['env', 'region', 'team', 'pipeline']),
      )
    }
    const withTrigger = seeded.executions.filter((execution) => 'trigger' in execution.metadata).length
    expect(withTrigger).toBeGreaterThan(2400 * 0.4)
    expect(withTrigger).toBeLessThan(2400 * 0.8)
  })
})

describe('special executions', () => {
  const rank = (id: string) => newestFirst.findIndex((execution) => execution.id === id)

  it('puts the odd id among the 5 newest, failed with 3 attempts', () => {
    expect(rank(ODD_EXECUTION_ID)).toBeGreaterThanOrEqual(0)
    expect(rank(ODD_EXECUTION_ID)).toBeLessThan(5)
    const odd = newestFirst[rank(ODD_EXECUTION_ID)]
    expect(odd?.state).toBe('failed')
    expect(odd?.attempts).toHaveLength(3)
  })

  it('puts the markup metadata and the locked execution among the 10 newest', () => {
    expect(rank(MARKUP_EXECUTION_ID)).toBeLessThan(10)
    expect(newestFirst[rank(MARKUP_EXECUTION_ID)]?.metadata.pipeline).toBe(MARKUP_PIPELINE)
    expect(MARKUP_PIPELINE).toMatch(/<b>.*&/)
    expect(rank(LOCKED_EXECUTION_ID)).toBeGreaterThanOrEqual(0)
    expect(rank(LOCKED_EXECUTION_ID)).toBeLessThan(10)
  })

  it('says what each special execution demonstrates, first among its metadata', () => {
    const fixtures = Object.fromEntries(
      seeded.executions
        .filter((execution) => DEMO_FIXTURE_KEY in execution.metadata)
        .map((execution) => [execution.id, Object.entries(execution.metadata)[0]]),
    )
    expect(fixtures).toEqual({
      [ODD_EXECUTION_ID]: [DEMO_FIXTURE_KEY, 'id needs encoding'],
      [LOCKED_EXECUTION_ID]: [DEMO_FIXTURE_KEY, 'reschedule refused (409)'],
      [MARKUP_EXECUTION_ID]: [DEMO_FIXTURE_KEY, 'markup in metadata'],
      [FLAKY_EXECUTION_ID]: [DEMO_FIXTURE_KEY, '23 attempts'],
    })
  })

  it('keeps the special executions with a tiny execution count', () => {
    const tiny = generateSeedData({ seed: 1, count: 5, now: FIXED_NOW }).executions.map(
      (execution) => execution.id,
    )
    expect(tiny).toEqual([
      'exec-000001',
      ODD_EXECUTION_ID,
      LOCKED_EXECUTION_ID,
      MARKUP_EXECUTION_ID,
      FLAKY_EXECUTION_ID,
    ])
  })
})
