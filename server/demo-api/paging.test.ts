import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import type { ExecutionJson } from './model.ts'
import { compareNewestFirst, decodeCursor, encodeCursor, paginate } from './paging.ts'
import { startTestApi } from './testClient.ts'
import type { DemoClient } from './testClient.ts'

let api: RunningDemoApi
let client: DemoClient
let everything: ExecutionJson[]

beforeAll(async () => {
  ;({ api, client } = await startTestApi({ executionCount: 157 }))
  everything = await client.allExecutions()
})
afterAll(() => api.close())
beforeEach(async () => {
  await client.control('POST', '/reset')
})

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id)

describe('ordering', () => {
  it('lists every execution newest first, ties by id descending', () => {
    expect(everything).toHaveLength(157)
    const keys = everything.map((item) => ({ createdAt: Date.parse(item.created_at), id: item.id }))
    expect([...keys].sort(compareNewestFirst)).toEqual(keys)
    expect(new Set(ids(everything)).size).toBe(157)
  })
})

describe('walking the execution list', () => {
  it.each([3, 20, 100])('forward with first=%i returns every item once, in order', async (size) => {
    const seen: ExecutionJson[] = []
    let after: string | null = null
    let pages = 0
    for (;;) {
      const { json } = await client.listExecutions({ page: { first: size, ...(after ? { after } : {}) } })
      expect(json.page_info.has_prev_page).toBe(pages > 0)
      expect(json.data.length).toBeLessThanOrEqual(size)
      seen.push(...json.data)
      pages++
      if (!json.page_info.has_next_page) break
      after = json.page_info.end_cursor
    }
    expect(ids(seen)).toEqual(ids(everything))
    expect(pages).toBe(Math.ceil(157 / size))
  })

  it.each([3, 20, 100])('backward with last=%i from the end returns every item once', async (size) => {
    const pages: ExecutionJson[][] = []
    let before: string | null = null
    for (;;) {
      const { json } = await client.listExecutions({ page: { last: size, before } })
      expect(json.page_info.has_next_page).toBe(pages.length > 0)
      pages.unshift(json.data)
      if (!json.page_info.has_prev_page) break
      before = json.page_info.start_cursor
    }
    expect(ids(pages.flat())).toEqual(ids(everything))
  })

  it('sets the flags and cursors on the first and last page', async () => {
    const first = await client.listExecutions({ page: { first: 10 } })
    expect(first.json.page_info).toMatchObject({ has_prev_page: false, has_next_page: true })
    expect(first.json.page_info.start_cursor).toBe(encodeCursor(key(everything[0])))
    expect(first.json.page_info.end_cursor).toBe(encodeCursor(key(everything[9])))

    const last = await client.listExecutions({ page: { last: 10 } })
    expect(ids(last.json.data)).toEqual(ids(everything.slice(-10)))
    expect(last.json.page_info).toMatchObject({ has_prev_page: true, has_next_page: false })
  })

  it('returns an empty page with null cursors after the last item', async () => {
    const lastItem = everything.at(-1)
    const { json } = await client.listExecutions({ page: { after: encodeCursor(key(lastItem)) } })
    expect(json.data).toEqual([])
    expect(json.page_info).toEqual({
      has_next_page: false,
      has_prev_page: true,
      start_cursor: null,
      end_cursor: null,
    })
  })

  it('returns an empty result with null cursors and false flags', async () => {
    const { json } = await client.listExecutions({ filters: { states: ['no-such-state'] } })
    expect(json).toEqual({
      data: [],
      page_info: { has_next_page: false, has_prev_page: false, start_cursor: null, end_cursor: null },
    })
  })

  it('reports items on the far side of after and before', async () => {
    const afterFirst = await client.listExecutions({
      page: { first: 1, after: encodeCursor(key(everything[0])) },
    })
    expect(afterFirst.json.data[0]?.id).toBe(everything[1]?.id)
    expect(afterFirst.json.page_info.has_prev_page).toBe(true)

    const beforeLast = await client.listExecutions({
      page: { last: 1, before: encodeCursor(key(everything.at(-1))) },
    })
    expect(beforeLast.json.data[0]?.id).toBe(everything.at(-2)?.id)
    expect(beforeLast.json.page_info.has_next_page).toBe(true)
  })

  it('pages between after and before', async () => {
    const page = {
      after: encodeCursor(key(everything[2])),
      before: encodeCursor(key(everything[8])),
      first: 100,
    }
    const { json } = await client.listExecutions({ page })
    expect(ids(json.data)).toEqual(ids(everything.slice(3, 8)))
    expect(json.page_info).toMatchObject({ has_prev_page: true, has_next_page: true })
  })

  it('keeps cursors valid when new executions arrive', async () => {
    const firstPage = await client.listExecutions({ page: { first: 5 } })
    await client.control('POST', '/simulation/tick')
    await client.control('POST', '/simulation/tick')
    await client.control('POST', '/simulation/tick')
    const next = await client.listExecutions({
      page: { first: 5, after: firstPage.json.page_info.end_cursor },
    })
    expect(ids(next.json.data)).toEqual(ids(everything.slice(5, 10)))
  })
})

describe('walking the attempt list', () => {
  it('pages attempts newest first in both directions', async () => {
    const { json: all } = await client.listAttempts('job/2026 #1')
    expect(all.data).toHaveLength(3)
    const times = all.data.map((attempt) => attempt.created_at)
    expect([...times].sort().reverse()).toEqual(times)

    const first = await client.listAttempts('job/2026 #1', { page: { first: 2 } })
    expect(ids(first.json.data)).toEqual(ids(all.data.slice(0, 2)))
    expect(first.json.page_info).toMatchObject({ has_next_page: true, has_prev_page: false })
    const second = await client.listAttempts('job/2026 #1', {
      page: { first: 2, after: first.json.page_info.end_cursor },
    })
    expect(ids(second.json.data)).toEqual(ids(all.data.slice(2)))
    expect(second.json.page_info).toMatchObject({ has_next_page: false, has_prev_page: true })

    const last = await client.listAttempts('job/2026 #1', { page: { last: 1 } })
    expect(ids(last.json.data)).toEqual(ids(all.data.slice(2)))
    expect(last.json.page_info).toMatchObject({ has_next_page: false, has_prev_page: true })
  })
})

describe('paginate', () => {
  const items = [
    { createdAt: 3, id: 'c' },
    { createdAt: 2, id: 'b' },
    { createdAt: 2, id: 'a' },
    { createdAt: 1, id: 'd' },
  ]

  it('breaks created_at ties by id', () => {
    expect([...items].reverse().sort(compareNewestFirst)).toEqual(items)
  })

  it('uses the first 20 by default', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ createdAt: 100 - index, id: `x${index}` }))
    expect(paginate(many, {}).items).toHaveLength(20)
  })

  it('positions by sort key even when the cursor item is gone', () => {
    const gone = { createdAt: 2, id: 'aa' }
    expect(ids(paginate(items, { after: gone }).items)).toEqual(['a', 'd'])
    expect(ids(paginate(items, { before: gone }).items)).toEqual(['c', 'b'])
  })

  it('round-trips cursors and rejects foreign ones', () => {
    const cursor = encodeCursor({ createdAt: Date.parse('2026-01-01T00:00:00.123Z'), id: 'job/2026 #1' })
    expect(decodeCursor(cursor)).toEqual({
      createdAt: Date.parse('2026-01-01T00:00:00.123Z'),
      id: 'job/2026 #1',
    })
    expect(decodeCursor('')).toBeNull()
    expect(decodeCursor(Buffer.from('["yesterday","x"]').toString('base64url'))).toBeNull()
    expect(decodeCursor(`${cursor}!`)).toBeNull()
  })
})

function key(item: ExecutionJson | undefined) {
  if (!item) throw new Error('missing item')
  return { createdAt: Date.parse(item.created_at), id: item.id }
}
