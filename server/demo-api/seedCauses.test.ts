import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import type { ExecutionRecord } from './model.ts'
import { parseDemoCauses } from './options.ts'
import { generateSeedData } from './seed.ts'
import { CAUSE_REGION, causeSize, INCIDENT_PIPELINE } from './seedCauses.ts'
import type { SeededCause } from './seedCauses.ts'
import { timelineProblems } from './seedInvariants.ts'
import { FIXED_NOW, sendRequest, startTestApi } from './testClient.ts'
import type { DemoClient } from './testClient.ts'

const MINUTE = 60_000
const plain = generateSeedData({ seed: 42, count: 2400, now: FIXED_NOW })
const withCauses = generateSeedData({ seed: 42, count: 2400, now: FIXED_NOW, causes: true })
const failed = withCauses.executions.filter((execution) => execution.state === 'failed')

function membersOf(name: string): Set<string> {
  const cause = withCauses.causes.find((candidate) => candidate.name === name)
  if (!cause) throw new Error(`no cause ${name}`)
  return new Set(cause.ids)
}

/** The share of a cause's members that a grouping found. */
function recall(group: readonly ExecutionRecord[], name: string): number {
  const members = membersOf(name)
  return group.filter((execution) => members.has(execution.id)).length / members.size
}

describe('seeded failure causes', () => {
  it('leave the regular data as it is and come from their own numbers', () => {
    expect(withCauses.executions.slice(0, plain.executions.length)).toEqual(plain.executions)
    expect(plain.causes).toEqual([])
    const extra = withCauses.executions.slice(plain.executions.length).map((execution) => execution.id)
    expect(extra[0]).toBe(`exec-${String(plain.nextExecutionNumber).padStart(6, '0')}`)
    expect(new Set(extra).size).toBe(extra.length)
    expect(withCauses.executions.flatMap((execution) => timelineProblems(execution, FIXED_NOW))).toEqual([])
  })

  it('are three distinct sets of 100 to 400 failed executions, deterministic, scaling with the size', () => {
    expect(withCauses.causes.map((cause) => cause.name)).toEqual([
      'region-fails-fast',
      'failure-burst',
      'slow-retries',
      'incident-main',
      'incident-other',
    ])
    const failedIds = new Set(failed.map((execution) => execution.id))
    const all = withCauses.causes.flatMap((cause) => cause.ids)
    expect(new Set(all).size).toBe(all.length)
    for (const cause of withCauses.causes.slice(0, 3)) {
      expect(cause.ids.length).toBeGreaterThanOrEqual(100)
      expect(cause.ids.length).toBeLessThanOrEqual(400)
      expect(cause.ids.every((id) => failedIds.has(id))).toBe(true)
    }
    expect(generateSeedData({ seed: 42, count: 2400, now: FIXED_NOW, causes: true })).toEqual(withCauses)
    expect(causeSize(24_000)).toBe(10 * causeSize(2400))
  })

  it('a grouping by metadata value finds the region whose runs fail fast', () => {
    const regions = new Set(withCauses.executions.map((execution) => execution.metadata.region))
    const failureRate = (region: string | undefined) => {
      const rows = withCauses.executions.filter((execution) => execution.metadata.region === region)
      return rows.filter((execution) => execution.state === 'failed').length / rows.length
    }
    const [worst] = [...regions].sort((a, b) => failureRate(b) - failureRate(a))
    expect(worst).toBe(CAUSE_REGION)
    const group = failed.filter((execution) => execution.metadata.region === worst)
    expect(recall(group, 'region-fails-fast')).toBeGreaterThanOrEqual(0.95)
    expect(failureRate(worst)).toBeLessThan(1)
    expect(plain.executions.some((execution) => execution.metadata.region === CAUSE_REGION)).toBe(false)
  })

  it('a grouping by bursts in time finds the burst', () => {
    const times = failed.toSorted((a, b) => a.createdAt - b.createdAt)
    let densest: ExecutionRecord[] = []
    for (let start = 0, end = 0; start < times.length; start++) {
      const from = (times[start] as ExecutionRecord).createdAt
      while (end < times.length && (times[end] as ExecutionRecord).createdAt <= from + 5 * MINUTE) end++
      if (end - start > densest.length) densest = times.slice(start, end)
    }
    expect(recall(densest, 'failure-burst')).toBeGreaterThanOrEqual(0.95)
    expect(new Set(densest.map((execution) => execution.metadata.team)).size).toBeGreaterThan(3)
  })

  it('an incident in production inside the last hour: most of that hour’s failures, one pipeline above all', () => {
    const lastHour = failed.filter(
      (execution) =>
        execution.createdAt >= FIXED_NOW - 60 * MINUTE && execution.metadata.env === 'production',
    )
    const main = membersOf('incident-main')
    const other = membersOf('incident-other')
    expect(main.size).toBe(25)
    expect(other.size).toBe(6)
    for (const id of [...main, ...other]) expect(lastHour.some((execution) => execution.id === id)).toBe(true)
    const ofMain = lastHour.filter((execution) => execution.metadata.pipeline === INCIDENT_PIPELINE)
    expect(recall(ofMain, 'incident-main')).toBe(1)
    expect(ofMain.length).toBeGreaterThan(lastHour.length / 2)
    // Failed fast: every one on a single attempt of seconds.
    for (const execution of ofMain.filter((row) => main.has(row.id)))
      expect(execution.attempts).toHaveLength(1)
    // The other causes stay where they were: none of theirs is in the last hour.
    const older = withCauses.causes.slice(0, 3).flatMap((cause) => cause.ids)
    expect(lastHour.filter((execution) => older.includes(execution.id))).toEqual([])
  })

  it('a grouping by attempt shape finds the late failures after long retries', () => {
    const longRetries = failed.filter(
      ({ attempts }) =>
        attempts.length >= 4 &&
        attempts.every((attempt) => attempt.updatedAt - attempt.createdAt >= 20 * MINUTE),
    )
    expect(recall(longRetries, 'slow-retries')).toBeGreaterThanOrEqual(0.95)
  })
})

describe('parseDemoCauses', () => {
  it('reads --causes / DEMO_API_CAUSES', () => {
    expect(parseDemoCauses(undefined)).toBeUndefined()
    expect(parseDemoCauses('')).toBeUndefined()
    expect(parseDemoCauses('1')).toBe(true)
    expect(parseDemoCauses('true')).toBe(true)
    expect(parseDemoCauses('0')).toBe(false)
    expect(() => parseDemoCauses('maybe')).toThrow(/DEMO_API_CAUSES/)
  })
})

describe('GET /__demo/causes', () => {
  let api: RunningDemoApi
  let client: DemoClient

  beforeAll(async () => {
    ;({ api, client } = await startTestApi({ causes: true }))
  })
  afterAll(() => api.close())

  it('gives the ground truth of the seeded causes, with the token only', async () => {
    const { status, json } = await client.control<{ causes: SeededCause[] }>('GET', '/causes')
    expect(status).toBe(200)
    expect(json.causes).toEqual(withCauses.causes)
    expect((await sendRequest(`${api.origin}/__demo/causes`)).status).toBe(401)
    const members = await client.allExecutions({ metadata: [{ key: 'region', values: [CAUSE_REGION] }] })
    expect(members.length).toBeGreaterThan(json.causes[0]?.ids.length ?? 0)
  })

  it('lists no cause when none was seeded', async () => {
    const plainApi = await startTestApi({ executionCount: 10 })
    try {
      expect((await plainApi.client.control('GET', '/causes')).json).toEqual({ causes: [] })
    } finally {
      await plainApi.api.close()
    }
  })
})
