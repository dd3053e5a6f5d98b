import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import { MAX_PAGE_LIMIT, parseDemoMaxPage, resolveOptions } from './options.ts'
import { startTestApi } from './testClient.ts'
import type { DemoClient, ErrorJson } from './testClient.ts'

describe('parseDemoMaxPage', () => {
  it('reads --max-page / DEMO_API_MAX_PAGE and refuses what is not a page size', () => {
    expect(parseDemoMaxPage(undefined)).toBeUndefined()
    expect(parseDemoMaxPage(' ')).toBeUndefined()
    expect(parseDemoMaxPage('500')).toBe(500)
    expect(parseDemoMaxPage(String(MAX_PAGE_LIMIT))).toBe(MAX_PAGE_LIMIT)
    for (const bad of ['0', '-1', '2.5', 'many', String(MAX_PAGE_LIMIT + 1)]) {
      expect(() => parseDemoMaxPage(bad)).toThrow(/largest page/)
    }
  })

  it('is 100 by default, and checked when given as an option', () => {
    expect(resolveOptions({}).maxPageSize).toBe(100)
    expect(() => resolveOptions({ maxPageSize: 0 })).toThrow(/largest page/)
  })
})

describe('a larger largest page', () => {
  let api: RunningDemoApi
  let client: DemoClient

  beforeAll(async () => {
    ;({ api, client } = await startTestApi({ executionCount: 700, maxPageSize: 500 }))
  })
  afterAll(() => api.close())

  it('serves pages up to it and refuses one above, naming the field', async () => {
    const full = await client.listExecutions({ page: { first: 500 } })
    expect(full.status).toBe(200)
    expect(full.json.data).toHaveLength(500)
    for (const page of [{ first: 501 }, { last: 501 }]) {
      const refused = await client.listExecutions({ page })
      expect(refused.status).toBe(400)
      expect((refused.json as unknown as ErrorJson).error.message).toBe(
        `page.${Object.keys(page)[0] ?? ''}: must be at most 500`,
      )
    }
    expect((await client.listAttempts('exec-flaky', { page: { first: 501 } })).status).toBe(400)
    expect((await client.listExecutions()).json.data).toHaveLength(20)
  })

  it('is found by asking high and stepping down on a 400', async () => {
    let low = 1
    let high = MAX_PAGE_LIMIT
    while (low < high) {
      const size = Math.ceil((low + high) / 2)
      const { status } = await client.listExecutions({ page: { first: size } })
      if (status === 200) low = size
      else high = size - 1
    }
    expect(low).toBe(500)
  })
})

describe('a smaller largest page', () => {
  it('also bounds the default page size', async () => {
    const { api, client } = await startTestApi({ executionCount: 50, maxPageSize: 5 })
    try {
      expect((await client.listExecutions()).json.data).toHaveLength(5)
      expect((await client.listAttempts('exec-flaky')).json.data).toHaveLength(5)
      expect((await client.listExecutions({ page: { first: 6 } })).status).toBe(400)
    } finally {
      await api.close()
    }
  })
})
