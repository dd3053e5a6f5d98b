import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchesMetadata, matchesStates } from './filters.ts'
import type { RunningDemoApi } from './index.ts'
import type { ExecutionJson } from './model.ts'
import { startTestApi } from './testClient.ts'
import type { DemoClient } from './testClient.ts'

let api: RunningDemoApi
let client: DemoClient
let everything: ExecutionJson[]

beforeAll(async () => {
  ;({ api, client } = await startTestApi())
  everything = await client.allExecutions()
})
afterAll(() => api.close())

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id)

describe('execution filters over HTTP', () => {
  it('walks all 2400 seeded executions', () => {
    expect(everything).toHaveLength(2400)
  })

  it('ORs the states', async () => {
    const matching = await client.allExecutions({ states: ['failed', 'started'] })
    expect(matching.length).toBeGreaterThan(0)
    expect(ids(matching)).toEqual(
      ids(everything.filter((e) => e.state === 'failed' || e.state === 'started')),
    )
  })

  it('treats an empty states list as no filter and unknown states as matching nothing', async () => {
    expect(await client.allExecutions({ states: [] })).toHaveLength(2400)
    expect(await client.allExecutions({ states: ['paused'] })).toEqual([])
  })

  it('ORs the values of one metadata entry and ANDs the entries', async () => {
    const metadata = [
      { key: 'env', values: ['production', 'staging'] },
      { key: 'region', values: ['eu-west-1'] },
    ]
    const matching = await client.allExecutions({ metadata })
    const expected = everything.filter(
      (e) => ['production', 'staging'].includes(e.metadata.env ?? '') && e.metadata.region === 'eu-west-1',
    )
    expect(matching.length).toBeGreaterThan(0)
    expect(ids(matching)).toEqual(ids(expected))
  })

  it('combines states and metadata', async () => {
    const filters = { states: ['failed'], metadata: [{ key: 'team', values: ['data', 'ml'] }] }
    const matching = await client.allExecutions(filters)
    const expected = everything.filter(
      (e) => e.state === 'failed' && ['data', 'ml'].includes(e.metadata.team ?? ''),
    )
    expect(matching.length).toBeGreaterThan(0)
    expect(ids(matching)).toEqual(ids(expected))
  })

  it('matches values exactly, markup included', async () => {
    const matching = await client.allExecutions({
      metadata: [{ key: 'pipeline', values: ['<b>nightly</b> & backfill'] }],
    })
    expect(ids(matching)).toEqual(['exec-markup'])
  })

  it('pages within a filtered list', async () => {
    const filters = { states: ['succeed'] }
    const { json } = await client.listExecutions({ page: { first: 5 }, filters })
    const next = await client.listExecutions({
      page: { first: 5, after: json.page_info.end_cursor },
      filters,
    })
    const expected = everything.filter((e) => e.state === 'succeed').slice(0, 10)
    expect(ids([...json.data, ...next.json.data])).toEqual(ids(expected))
  })
})

describe('attempt filters over HTTP', () => {
  it('filters attempts by state', async () => {
    const { json } = await client.listAttempts('exec-locked', { filters: { states: ['started', 'succeed'] } })
    expect(json.data.map((attempt) => attempt.state)).toEqual(['started'])
    const failed = await client.listAttempts('exec-locked', { filters: { states: ['failed'] } })
    expect(failed.json.data).toEqual([])
  })
})

describe('filter predicates', () => {
  it('does not match inherited keys or absent keys', () => {
    expect(matchesMetadata({ env: 'prod' }, [{ key: 'toString', values: ['x'] }])).toBe(false)
    expect(matchesMetadata({ env: 'prod' }, [{ key: 'trigger', values: ['manual'] }])).toBe(false)
    expect(matchesMetadata({ env: 'prod' }, [])).toBe(true)
  })

  it('matches states by membership', () => {
    expect(matchesStates('failed', undefined)).toBe(true)
    expect(matchesStates('failed', ['succeed'])).toBe(false)
  })
})
