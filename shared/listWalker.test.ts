import { describe, expect, it } from 'vitest'
import { describeUnchecked, describeWalkStop, walkList, type WalkPage } from './listWalker'

interface Row {
  id: string
  state: string
}

const rows = (from: number, count: number, state = 'failed'): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `e${from + index}`, state }))

/** An API over `all`, `first` a page, cursors are positions; `shape` lets a test break it. */
function pagedApi(all: Row[], pageSize: number, shape: Partial<{ hasNext: boolean | null }> = {}) {
  const calls: (string | null)[] = []
  const fetchPage = (after: string | null): Promise<WalkPage<Row>> => {
    calls.push(after)
    const start = after === null ? 0 : Number(after)
    const page = all.slice(start, start + pageSize)
    const hasNext = 'hasNext' in shape ? shape.hasNext : start + pageSize < all.length
    return Promise.resolve({ rows: page, hasNext, endCursor: String(start + page.length) })
  }
  return { fetchPage, calls }
}

const idOf = (row: Row) => row.id

describe('walkList', () => {
  it('walks every page and ends where the API says there is no more', async () => {
    const api = pagedApi(rows(0, 250), 100)
    const seen: string[] = []
    const report = await walkList({
      first: 100,
      fetchPage: api.fetchPage,
      idOf,
      onRows: (page) => void seen.push(...page.map(idOf)),
    })
    expect(report).toMatchObject({ pages: 3, rows: 250, duplicates: 0, excluded: 0, stop: { kind: 'end' } })
    expect(seen).toHaveLength(250)
    expect(describeWalkStop(report)).toBe('the API said there were no more')
  })

  it('without has_next_page, follows the cursor past a short page and ends on an empty one', async () => {
    const capped = pagedApi(rows(0, 25), 10, { hasNext: null })
    const report = await walkList({ first: 10, fetchPage: capped.fetchPage, idOf })
    expect(report).toMatchObject({ pages: 4, rows: 25, stop: { kind: 'end' } })
    expect(capped.calls).toEqual([null, '10', '20', '25'])
  })

  it('never takes fewer rows than asked for the end: an API that caps pages at 50 and says nothing of more', async () => {
    const silent = pagedApi(rows(0, 300), 50, { hasNext: null })
    const report = await walkList({ first: 1000, fetchPage: silent.fetchPage, idOf })
    expect(report).toMatchObject({ rows: 300, stop: { kind: 'end' } })
    expect(silent.calls).toHaveLength(7)
  })

  it('does not know the end when the API says nothing of more and gives no cursor', async () => {
    const fetchPage = (): Promise<WalkPage<Row>> =>
      Promise.resolve({ rows: rows(0, 50), hasNext: null, endCursor: null })
    const report = await walkList({ first: 1000, fetchPage, idOf })
    expect(report).toMatchObject({ pages: 1, rows: 50, stop: { kind: 'end_unknown' } })
    expect(describeWalkStop(report)).toMatch(/did not say whether more followed/)
  })

  it('stops at the row cap, and says so only when more rows exist', async () => {
    const more = await walkList({
      first: 100,
      fetchPage: pagedApi(rows(0, 250), 100).fetchPage,
      idOf,
      maxRows: 150,
    })
    expect(more).toMatchObject({ rows: 150, stop: { kind: 'row_cap', cap: 150 } })
    const exact = await walkList({
      first: 100,
      fetchPage: pagedApi(rows(0, 200), 100).fetchPage,
      idOf,
      maxRows: 200,
    })
    expect(exact).toMatchObject({ rows: 200, stop: { kind: 'end' } })
  })

  it('leaves out rows that contradict the filters and counts them', async () => {
    const all = [...rows(0, 3), ...rows(3, 2, 'succeed')]
    const report = await walkList({
      first: 10,
      fetchPage: pagedApi(all, 10).fetchPage,
      idOf,
      contradicts: (row) => row.state !== 'failed',
    })
    expect(report).toMatchObject({ rows: 3, excluded: 2, stop: { kind: 'end' } })
  })

  it('counts the rows handed on that the filters cannot be checked on', async () => {
    const report = await walkList({
      first: 10,
      fetchPage: () => Promise.resolve({ rows: ['a', 'b', 'c'], hasNext: false, endCursor: null }),
      idOf: (row) => row,
      unchecked: (row) => row !== 'b',
    })
    expect(report).toMatchObject({ rows: 3, unchecked: 2 })
    expect(describeUnchecked(report)).toBe(
      "2 rows carry no metadata: the metadata filters could not be checked on them and the API's word stands",
    )
    expect(describeUnchecked({ unchecked: 0 })).toBeNull()
  })

  it('counts an id seen twice once', async () => {
    const all = [...rows(0, 3), ...rows(2, 3)]
    const report = await walkList({ first: 3, fetchPage: pagedApi(all, 3).fetchPage, idOf })
    expect(report).toMatchObject({ rows: 5, duplicates: 1 })
  })

  it('stops on a page it already had (an API that ignores page.after)', async () => {
    const fetchPage = (): Promise<WalkPage<Row>> =>
      Promise.resolve({ rows: rows(0, 10), hasNext: true, endCursor: `c${Math.random()}` })
    const report = await walkList({ first: 10, fetchPage, idOf })
    expect(report).toMatchObject({ pages: 2, rows: 10, stop: { kind: 'repeated_page' } })
    expect(describeWalkStop(report)).toMatch(/ignores page.after/)
  })

  it('stops on a repeated cursor', async () => {
    let page = 0
    const fetchPage = (): Promise<WalkPage<Row>> =>
      Promise.resolve({
        rows: rows(10 * page++, 10),
        hasNext: true,
        endCursor: page > 2 ? 'same' : `c${page}`,
      })
    const report = await walkList({ first: 10, fetchPage, idOf })
    expect(report.stop.kind).toBe('repeated_cursor')
    expect(report.pages).toBe(4)
  })

  it('stops on a run of empty pages that promise more, and on more without a cursor', async () => {
    let n = 0
    const empty = (): Promise<WalkPage<Row>> =>
      Promise.resolve({ rows: [], hasNext: true, endCursor: `c${n++}` })
    const report = await walkList({ first: 10, fetchPage: empty, idOf })
    expect(report).toMatchObject({ pages: 3, stop: { kind: 'empty_pages', run: 3 } })
    const noCursor = (): Promise<WalkPage<Row>> =>
      Promise.resolve({ rows: rows(0, 10), hasNext: true, endCursor: null })
    expect((await walkList({ first: 10, fetchPage: noCursor, idOf })).stop.kind).toBe('no_cursor')
  })

  it('stops on its page budget when pages hold too few rows', async () => {
    const onePerPage = pagedApi(rows(0, 10_000), 1)
    const report = await walkList({ first: 100, fetchPage: onePerPage.fetchPage, idOf, maxRows: 1_000 })
    expect(report.stop).toEqual({ kind: 'page_budget', budget: 44 })
    expect(onePerPage.calls).toHaveLength(44)
    expect(describeWalkStop(report)).toBe('it stopped after 44 pages, which held only 44 rows')
  })

  it('reports a failed page with what was done before it, and an abort as a stop', async () => {
    let calls = 0
    const failing = (): Promise<WalkPage<Row>> =>
      calls++ === 0
        ? Promise.resolve({ rows: rows(0, 10), hasNext: true, endCursor: 'a' })
        : Promise.reject(new Error('HTTP 503'))
    const failed = await walkList({ first: 10, fetchPage: failing, idOf })
    expect(failed).toMatchObject({ pages: 1, rows: 10, stop: { kind: 'failed', message: 'HTTP 503' } })

    const controller = new AbortController()
    const report = await walkList({
      first: 10,
      fetchPage: pagedApi(rows(0, 100), 10).fetchPage,
      idOf,
      signal: controller.signal,
      onRows: () => controller.abort(),
    })
    expect(report).toMatchObject({ pages: 1, stop: { kind: 'aborted' } })
  })
})

describe('walkList with prefetch', () => {
  it('asks for the next page while the rows of this one are handed on', async () => {
    const api = pagedApi(rows(0, 30), 10)
    const callsWhileHandingOn: number[] = []
    const report = await walkList({
      first: 10,
      fetchPage: api.fetchPage,
      idOf,
      prefetch: true,
      onRows: () => void callsWhileHandingOn.push(api.calls.length),
    })
    expect(report).toMatchObject({ pages: 3, rows: 30, stop: { kind: 'end' } })
    expect(callsWhileHandingOn).toEqual([2, 3, 3])
  })
})
