import { describe, expect, it } from 'vitest'
import { ExecutionIndex } from './executionIndex.ts'
import { findExecutionPage } from './executionPage.ts'
import { matchesExecutionFilters } from './filters.ts'
import type { ExecutionFilters } from './filters.ts'
import { EXECUTION_STATES } from './model.ts'
import type { ExecutionRecord, SortKey } from './model.ts'
import { compareNewestFirst, paginate } from './paging.ts'
import type { PageRequest } from './paging.ts'
import { Random } from './random.ts'
import { generateSeedData } from './seed.ts'
import { randomMetadata } from './seedMetadata.ts'
import { FIXED_NOW } from './testClient.ts'

const METADATA_VALUES: Record<string, string[]> = {
  env: ['production', 'staging', 'development', 'moon'],
  region: ['eu-west-1', 'us-east-1', 'us-west-2', 'ap-southeast-1'],
  team: ['payments', 'search', 'data', 'ml', 'platform'],
  trigger: ['schedule', 'manual', 'webhook', 'api'],
  nothing: ['x'],
}

function randomFilters(random: Random): ExecutionFilters {
  const states = random.sample([...EXECUTION_STATES, 'paused', 'failed'], random.int(0, 3))
  const keys = random.sample(Object.keys(METADATA_VALUES), random.int(0, 2))
  const metadata = keys.map((key) => ({
    key,
    values: random.sample([...(METADATA_VALUES[key] ?? []), 'production'], random.int(1, 3)),
  }))
  return { ...(random.chance(0.7) ? { states } : {}), ...(random.chance(0.8) ? { metadata } : {}) }
}

/** A key of a row (so in the list), or one between rows, or outside the whole range. */
function randomKey(random: Random, rows: readonly ExecutionRecord[]): SortKey {
  const row = random.pick(rows)
  if (random.chance(0.6)) return { createdAt: row.createdAt, id: row.id }
  if (random.chance(0.8)) return { createdAt: row.createdAt, id: `${row.id}~` }
  return { createdAt: random.chance(0.5) ? 0 : FIXED_NOW * 2, id: 'edge' }
}

function randomRequest(random: Random, rows: readonly ExecutionRecord[]): PageRequest {
  const size = random.int(1, 25)
  const request: PageRequest = random.chance(0.5) ? { first: size } : { last: size }
  if (random.chance(0.5)) request.after = randomKey(random, rows)
  if (random.chance(0.4)) request.before = randomKey(random, rows)
  return request
}

/** The old way: filter every row, then page the filtered list. */
function bruteForcePage(rows: readonly ExecutionRecord[], filters: ExecutionFilters, request: PageRequest) {
  const matching = rows.filter((execution) => matchesExecutionFilters(execution, filters))
  return paginate([...matching].sort(compareNewestFirst), request)
}

function mutate(random: Random, index: ExecutionIndex, rows: ExecutionRecord[], step: number): void {
  const roll = random.next()
  if (roll < 0.6) {
    index.setState(random.pick(rows), random.pick(EXECUTION_STATES))
    return
  }
  // New rows anywhere in time, some on the same millisecond as an existing row.
  const createdAt = roll < 0.8 ? random.pick(rows).createdAt : FIXED_NOW - random.int(0, 1e9)
  const execution: ExecutionRecord = {
    id: `new-${step}`,
    state: random.pick(EXECUTION_STATES),
    createdAt,
    updatedAt: createdAt,
    metadata: randomMetadata(random),
    attempts: [],
  }
  index.add(execution)
  rows.push(execution)
}

describe('findExecutionPage', () => {
  it('gives exactly the brute-force page for many filters and cursors, as rows change', () => {
    const random = new Random(5)
    const rows = generateSeedData({ seed: 3, count: 400, now: FIXED_NOW }).executions
    rows.sort(compareNewestFirst)
    const index = new ExecutionIndex(rows, 4)
    let compared = 0
    for (let step = 0; step < 300; step++) {
      for (let check = 0; check < 10; check++) {
        const filters = randomFilters(random)
        const request = randomRequest(random, rows)
        const indexed = findExecutionPage(index, filters, request)
        const expected = bruteForcePage(rows, filters, request)
        expect({ filters, request, page: indexed }).toEqual({ filters, request, page: expected })
        compared += expected.items.length
      }
      mutate(random, index, rows, step)
    }
    expect(compared).toBeGreaterThan(3_000)
  })

  it('walks only the rows of the smallest filter entry', () => {
    const rows = generateSeedData({ seed: 3, count: 400, now: FIXED_NOW }).executions.sort(compareNewestFirst)
    const index = new ExecutionIndex(rows)
    let checked = 0
    const filters = {
      states: ['failed', 'succeed'],
      metadata: [{ key: 'region', values: ['ap-southeast-1'] }],
    }
    const counting = new Proxy(filters, {
      get: (target, property, receiver) => {
        if (property === 'metadata') checked += 1
        return Reflect.get(target, property, receiver) as unknown
      },
    })
    const page = findExecutionPage(index, counting, { first: 100 })
    const region = rows.filter((row) => row.metadata.region === 'ap-southeast-1').length
    expect(page.items.length).toBeGreaterThan(0)
    // One look at `metadata` to pick the walk, then one per row of the region's list at most.
    expect(checked).toBeLessThanOrEqual(region + 1)
  })

  it('answers an empty page when one entry selects nothing', () => {
    const rows = generateSeedData({ seed: 3, count: 50, now: FIXED_NOW }).executions.sort(compareNewestFirst)
    const page = findExecutionPage(new ExecutionIndex(rows), { states: ['paused'] }, { first: 5 })
    expect(page).toEqual({
      items: [],
      pageInfo: { has_next_page: false, has_prev_page: false, start_cursor: null, end_cursor: null },
    })
  })
})
