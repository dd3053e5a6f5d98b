import { afterEach, describe, expect, it, vi } from 'vitest'
import { execution, pageOf, startFakeApi, type FakeAnswer, type FakeRequest } from '../testing/fakeApi.ts'
import { startTestIndex } from '../testing/indexTestKit.ts'

vi.setConfig({ testTimeout: 30_000 })
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function indexOver(answer: (request: FakeRequest) => FakeAnswer) {
  const api = await startFakeApi(answer)
  const index = await startTestIndex({ url: api.url, token: 'tok-1234' })
  cleanups.push(api.close, () => index.close())
  return { api, index }
}

const listCalls = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/executions').length
const all = Array.from({ length: 250 }, (_, n) => execution(n, n % 5 === 0 ? 'failed' : 'succeed'))

describe('the index, against other readings of the spec', () => {
  it('probes the largest page: a 400 naming its limit goes straight to it', async () => {
    const { api, index } = await indexOver(({ body }) => {
      const first = (body.page as { first: number }).first
      if (first > 250) return { status: 400, json: { message: 'page.first must be at most 250' } }
      return { json: pageOf(all, body) }
    })
    const exact = await index.until('exact')
    expect(exact.total).toBe(250)
    expect(index.index.pageSize()).toBe(250)
    // 1000 refused, 250 accepted (the probe), then the one page of the scan.
    expect(listCalls(api.requests)).toBeLessThanOrEqual(3)
  })

  it('takes a page cut short with more to come as the API’s cap', async () => {
    const { index } = await indexOver(({ body }) => {
      const page = body.page as { first: number; after?: string }
      return { json: pageOf(all, { page: { ...page, first: Math.min(page.first, 40) } }) }
    })
    expect((await index.until('exact')).total).toBe(250)
    expect(index.index.pageSize()).toBe(40)
  })

  it('does not loop on an API that ignores page.after: at least, with the reason', async () => {
    const { api, index } = await indexOver(({ body }) => ({
      json: pageOf(all, { page: { first: Math.min((body.page as { first: number }).first, 100) } }),
    }))
    const answer = await index.until('at_least')
    if (answer.coverage.kind !== 'at_least') throw new Error('unreachable')
    expect(answer.coverage.reason).toMatch(/ignores page.after/)
    expect(listCalls(api.requests)).toBeLessThan(10)
  })

  it('does not loop on empty pages that promise more', async () => {
    let n = 0
    const { api, index } = await indexOver(() => ({
      json: { data: [], page_info: { has_next_page: true, end_cursor: `c${n++}` } },
    }))
    const answer = await index.until('at_least')
    if (answer.coverage.kind !== 'at_least') throw new Error('unreachable')
    expect(answer.coverage.reason).toMatch(/empty pages in a row/)
    expect(listCalls(api.requests)).toBeLessThan(10)
  })

  it('leaves out and counts rows that contradict the filter asked for (an API that ignores metadata filters)', async () => {
    const mixed = all.map((row, n) => ({ ...row, metadata: { env: n % 2 ? 'prod' : 'staging' } }))
    const { index } = await indexOver(({ body }) => ({ json: pageOf(mixed, body) }))
    const metadata = [{ key: 'env', values: ['prod'] }]
    const exact = await index.until('exact', { metadata, states: [] })
    expect(exact.total).toBe(125)
    expect(exact.notes.excluded).toBe(125)
  })

  it('says "failed" with the API’s words when every page size is refused', async () => {
    const { index } = await indexOver(() => ({ status: 400, json: { message: 'filters: is required' } }))
    const failed = await index.until('failed')
    if (failed.coverage.kind !== 'failed') throw new Error('unreachable')
    expect(failed.coverage.reason).toMatch(/filters: is required/)
  })

  it('notices an API that does not list newest first', async () => {
    const shuffled = [...all].sort((a, b) => (a.id.slice(-1) < b.id.slice(-1) ? -1 : 1))
    const { index } = await indexOver(({ body }) => ({ json: pageOf(shuffled, body) }))
    expect((await index.until('exact')).notes.order).toBe('none')
  })

  it('finds the outcome of an execution that finished where it could not be seen, from its latest attempt', async () => {
    const rows = all.slice(0, 30).map((row) => ({ ...row }))
    const old = rows[29]
    if (!old) throw new Error('unreachable')
    old.state = 'started'
    const { index } = await indexOver(({ path, body }) => {
      if (path.endsWith('/attempts')) {
        return {
          json: {
            data: [{ id: 'a1', state: 'failed', created_at: old.created_at, updated_at: old.updated_at }],
            page_info: {},
          },
        }
      }
      const states = (body.filters as { states?: string[] } | undefined)?.states ?? []
      const matching = rows.filter((row) => states.length === 0 || states.includes(row.state))
      // The head page never reaches the old execution: only the active re-scan could see it finish.
      return {
        json: pageOf(matching, { page: { ...(body.page as object), first: states.length ? 100 : 10 } }),
      }
    })
    const before = await index.until('exact', { states: ['started'] })
    expect(before.total).toBe(1)
    old.state = 'failed'
    await expect.poll(async () => (await index.overview({ states: ['started'] })).total).toBe(0)
    await expect
      .poll(async () => {
        const failed = await index.overview({ states: ['failed'] })
        return failed.coverage.kind === 'exact' ? failed.total : null
      })
      .toBe(rows.filter((row) => row.state === 'failed').length)
  })
})
