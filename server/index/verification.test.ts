import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListFilters } from '../../shared/filters.ts'
import { startTestIndex, type TestIndex } from '../testing/indexTestKit.ts'
import { readingRows, startReadingsApi, type Reading, type ReadingRow } from '../testing/readingsApi.ts'

/*
 * Issue 45: "exact as of T" holds whatever the API does between walks, against APIs that read the spec's open
 * points otherwise (order, cursors, caps, limits, deletion, transitions nobody saw).
 */
vi.setConfig({ testTimeout: 30_000 })
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function indexOver(rows: readonly ReadingRow[], reading: Reading = {}, timeoutMs?: number) {
  const api = await startReadingsApi(rows, reading)
  const index = await startTestIndex({ url: api.url, token: 'tok-1234', timeoutMs })
  cleanups.push(api.close, () => index.close())
  return { api, index }
}

type Filters = Partial<ListFilters>

/** The first exact answer whose claim rests on a round that began at or after `since`. */
async function exactSince(index: TestIndex, since: number, filters: Filters = {}) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const answer = await index.overview(filters)
    if (answer.coverage.kind === 'exact' && answer.coverage.asOf >= since) return answer
    if (Date.now() > deadline)
      throw new Error(`no exact answer since ${since}: ${JSON.stringify(answer.coverage)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const failedOf = (rows: Iterable<ReadingRow>) => [...rows].filter((row) => row.state === 'failed').length
const listPages = (requests: { path: string; body: Record<string, unknown> }[]) =>
  requests.filter((request) => request.path === '/executions')

describe('changes where refreshes do not look', () => {
  it('a failure the API retries to success by itself, with no start seen: exact again only as of a later round', async () => {
    const rows = readingRows(150)
    const { api, index } = await indexOver(rows, { cap: 40 })
    const before = await index.until('exact')
    expect(before.counts.failed).toBe(30)
    // An old failure, far past the first page, succeeds on its own: no refresh reads it, only a round does.
    const changedAt = Date.now()
    api.set('x00145', 'succeed')
    const after = await exactSince(index, changedAt)
    expect(after.counts.failed).toBe(29)
    expect(after.total).toBe(150)
  })

  it.each(['oldest', 'none'] as const)(
    'executions born failed on an API that lists %s first land past the first page: the next round counts them',
    async (order) => {
      const { api, index } = await indexOver(readingRows(150), { order, cap: 40 })
      expect((await index.until('exact')).counts.failed).toBe(30)
      const bornAt = Date.now()
      for (const n of [1, 2, 3]) {
        const at = new Date(Date.UTC(2026, 5, 1) + n * 60_000).toISOString()
        api.add({ id: `new${n}`, state: 'failed', created_at: at, updated_at: at, metadata: { env: 'prod' } })
      }
      const after = await exactSince(index, bornAt)
      expect(after.counts.failed).toBe(33)
      expect(after.total).toBe(153)
    },
  )

  it('removes what the API deleted, once its attempts answer 404, and then stops asking', async () => {
    const rows = readingRows(300)
    for (const id of ['x00250', 'x00251']) {
      const row = rows.find((candidate) => candidate.id === id)
      if (row) row.state = 'started'
    }
    const { api, index } = await indexOver(rows, { cap: 100 })
    await index.until('exact')
    const gone = ['x00120', 'x00121', 'x00200', 'x00201', 'x00299', 'x00250', 'x00251']
    const deletedAt = Date.now()
    for (const id of gone) api.remove(id)
    const after = await exactSince(index, deletedAt)
    expect(after.total).toBe(293)
    expect(after.counts.failed).toBe(failedOf(api.rows.values()))
    expect(after.counts.started).toBe(0)
    const asked = gone.map((id) => api.attemptsAsked(id))
    expect(asked.every((times) => times === 1)).toBe(true)
    // Rounds and refreshes go on; nobody asks about them again.
    await exactSince(index, Date.now())
    expect(gone.map((id) => api.attemptsAsked(id))).toEqual(asked)
  })

  it('with offset cursors, a deletion during a round skips a row: it is checked, not dropped', async () => {
    const gate: { held: (() => void) | null } = { held: null }
    let holding = false
    const { api, index } = await indexOver(readingRows(91), {
      cursors: 'offset',
      cap: 30,
      hold: (page) =>
        holding && page.after === '60' && page.states.length === 0
          ? new Promise<void>((go) => (gate.held = go))
          : undefined,
    })
    expect((await index.until('exact')).total).toBe(91)
    holding = true
    await expect.poll(() => gate.held !== null).toBe(true)
    // Page two of this round is read; a deletion in it shifts the next page by one: x00060 is never listed.
    api.remove('x00045')
    const deletedAt = Date.now()
    holding = false
    gate.held?.()
    // No exact claim ever drops the skipped row (89); one as of a round that began after the deletion says 90
    // (the skipped row found again by its attempts or the next round, the deleted one gone by its 404). One as of
    // the held round may say 91: x00045 was there when it began, and it saw it.
    const claims: { total: number; after: boolean }[] = []
    const deadline = Date.now() + 20_000
    while (claims.filter((claim) => claim.after).length < 20 && Date.now() < deadline) {
      const answer = await index.overview()
      if (answer.coverage.kind === 'exact')
        claims.push({ total: answer.total, after: answer.coverage.asOf >= deletedAt })
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(new Set(claims.filter((claim) => claim.after).map((claim) => claim.total))).toEqual(new Set([90]))
    expect(claims.every((claim) => claim.total >= 90)).toBe(true)
    expect(api.attemptsAsked('x00045')).toBe(1)
  })

  it('moves the counts with what refreshes see, but never the time of the claim', async () => {
    let holdRounds = false
    const { api, index } = await indexOver(readingRows(91), {
      cap: 30,
      hold: (page) =>
        holdRounds && page.after !== undefined && page.states.length === 0
          ? new Promise<void>(() => {})
          : undefined,
    })
    const verified = await index.until('exact')
    holdRounds = true
    const at = new Date(Date.UTC(2026, 5, 2)).toISOString()
    api.add({ id: 'fresh', state: 'failed', created_at: at, updated_at: at, metadata: { env: 'prod' } })
    await expect.poll(async () => (await index.overview()).total).toBe(92)
    const after = await index.overview()
    expect(after.coverage).toMatchObject({
      kind: 'exact',
      asOf: verified.coverage.kind === 'exact' ? verified.coverage.asOf : -1,
    })
  })
})

describe('completeness is the API’s word, never one page', () => {
  it('follows the cursor of an API that returns at most 50 rows and no has_next_page', async () => {
    const { api, index } = await indexOver(readingRows(300), { cap: 50, pageInfo: 'no_has_next' })
    const exact = await index.until('exact')
    expect(exact.total).toBe(300)
    expect(exact.counts.failed).toBe(60)
    // Six pages of 50 and the empty one that ends it.
    expect(listPages(api.requests).length).toBeGreaterThanOrEqual(7)
  })
})

describe('where the API says wait, or smaller', () => {
  it('waits as a 429 asks and goes on from the cursor, without starting again', async () => {
    const { api, index } = await indexOver(readingRows(600), {
      cap: 50,
      tooMany: (call) => (call % 6 === 0 ? 1 : null),
    })
    const exact = await index.until('exact')
    expect(exact.total).toBe(600)
    // 12 pages and the 429s among them: each page asked again, none of the walk twice.
    const firstRound = listPages(api.requests).length
    expect(firstRound).toBeLessThanOrEqual(12 + 3 + 2)
  })

  it('steps down from a size that times out, and keeps to it for a while', async () => {
    const { api, index } = await indexOver(readingRows(250), { slowAbove: { size: 100, ms: 1_500 } }, 300)
    const exact = await index.until('exact')
    expect(exact.total).toBe(250)
    // Slow is not refused: the walks ask for 100 for a while, and the largest accepted size stays unknown-limited.
    expect(index.index.facts.walkSize()).toBe(100)
    expect(index.index.pageSize()).toBe(1000)
    const askedAfter = api.requests.length
    await exactSince(index, Date.now())
    const later = listPages(api.requests.slice(askedAfter))
    expect(later.length).toBeGreaterThan(0)
    expect(later.every((request) => ((request.body.page as { first: number }).first ?? 0) <= 100)).toBe(true)
  })

  it('steps down to the smallest size the list uses for a limit the API does not name', async () => {
    const { index } = await indexOver(readingRows(70), { limit: { max: 30, message: 'page too large' } })
    expect((await index.until('exact')).total).toBe(70)
    expect(index.index.pageSize()).toBe(20)
  })

  it('says exactly which sizes it tried when the API refuses them all', async () => {
    const { index } = await indexOver(readingRows(70), { limit: { max: 5, message: 'page.first too large' } })
    const failed = await index.until('failed')
    expect(failed.coverage.kind === 'failed' && failed.coverage.reason).toMatch(
      /^the API refused every page size tried \(1000, 500, 200, 100, 50, 20, 10\); it last said: .*page.first too large/,
    )
  })

  it('quotes a refusal that is not about the page, and does not read it as one', async () => {
    const refusal = 'metadata filters are not supported'
    const { api, index } = await indexOver(readingRows(70), { refuseMetadata: refusal })
    await index.until('exact')
    const before = listPages(api.requests).length
    const failed = await index.until('failed', { metadata: [{ key: 'team', values: ['core'] }] })
    expect(failed.coverage.kind === 'failed' && failed.coverage.reason).toBe(
      `The API answered HTTP 400: ${refusal}.`,
    )
    // One call: no smaller sizes tried, and the size learned from the unfiltered list stands.
    expect(listPages(api.requests).length - before).toBe(1)
    expect(index.index.pageSize()).toBe(1000)
  })
})

describe('metadata that is not a string', () => {
  it('counts numbers and lists as the API matches them, and groups by each value a list holds', async () => {
    const rows = readingRows(40).map((row, n) => ({
      ...row,
      metadata: { build: n % 2 ? 1234 : 99, tags: n % 4 === 0 ? ['a', 'b'] : ['b'], canary: n < 10 },
    }))
    const { index } = await indexOver(rows)
    const build = await index.until('exact', { metadata: [{ key: 'build', values: ['1234'] }] })
    expect(build.total).toBe(20)
    expect(build.notes.excluded).toBe(0)
    const tagged = await index.until('exact', { metadata: [{ key: 'tags', values: ['a'] }] })
    expect(tagged.total).toBe(10)
    const canary = await index.until('exact', { metadata: [{ key: 'canary', values: ['true'] }] })
    expect(canary.total).toBe(10)
  })
})

describe('outcomes learned in bulk', () => {
  it('settles many outcomes nobody saw from the finished list, not an attempts call each', async () => {
    const rows = readingRows(300)
    const running = ['x00040', 'x00041', 'x00042', 'x00043', 'x00044']
    for (const row of rows) if (running.includes(row.id)) row.state = 'started'
    let holdRounds = false
    const { api, index } = await indexOver(rows, {
      cap: 30,
      hold: (page) =>
        holdRounds && page.after !== undefined && page.states.length === 0
          ? new Promise<void>(() => {})
          : undefined,
    })
    expect((await index.until('exact')).counts.started).toBe(5)
    // No round sees them finish: only the active re-read (they left it) and what follows.
    holdRounds = true
    for (const id of running) api.set(id, 'failed')
    await expect.poll(async () => (await index.overview()).counts.started).toBe(0)
    await expect
      .poll(async () => {
        const answer = await index.overview()
        return answer.pending === 0 ? answer.counts.failed : null
      })
      .toBe(60 + 5 - 1)
    expect(running.map((id) => api.attemptsAsked(id)).reduce((a, b) => a + b, 0)).toBeLessThan(5)
  })
})

describe('which report of an execution wins', () => {
  const relayed = (index: TestIndex, operation: string, data: unknown, sentAt: number) =>
    index.index.observe(index.credentials, { operation }, Buffer.from('{}'), {
      status: 200,
      body: Buffer.from(JSON.stringify({ data, page_info: { has_next_page: false } })),
      sentAt,
    })

  it('the one the API was asked for last: a page asked before a reschedule does not undo it', async () => {
    const rows = readingRows(40)
    const { index } = await indexOver(rows)
    await index.until('exact')
    const failed = rows[5] as ReadingRow
    const now = Date.now()
    const at = new Date(now).toISOString()
    relayed(index, 'reschedule', { ...failed, state: 'created', updated_at: at }, now)
    expect((await index.overview({ states: ['created'] })).total).toBe(1)
    // A list page asked a moment before the reschedule, relayed after it: still failed there.
    relayed(index, 'list_executions', [failed], now - 1)
    expect((await index.overview({ states: ['created'] })).total).toBe(1)
  })

  it('the API’s later word wins, though its updated_at is older than what the index holds', async () => {
    const rows = readingRows(40)
    const { api, index } = await indexOver(rows)
    await index.until('exact')
    const failed = rows[5] as ReadingRow
    const now = Date.now()
    relayed(
      index,
      'reschedule',
      { ...failed, state: 'created', updated_at: new Date(now).toISOString() },
      now,
    )
    expect((await index.overview({ states: ['created'] })).total).toBe(1)
    // The API puts it back as it was (its time with it): a walk asked after the reschedule says so.
    expect(api.rows.get(failed.id)?.state).toBe('failed')
    const after = await exactSince(index, Date.now())
    expect(after.counts.created).toBe(0)
    expect(after.counts.failed).toBe(8)
  })
})

describe('one client’s many views', () => {
  it('are capped per client: the 21st distinct filter is refused, another client still counts its own', async () => {
    const { index } = await indexOver(readingRows(40))
    const as = (client: string) => ({ ...index.credentials, client })
    const view = (n: number) => ({ states: [], metadata: [{ key: 'env', values: [`v${n}`] }] })
    for (let n = 0; n < 20; n += 1) await index.index.overview(as('greedy'), view(n))
    await expect(index.index.overview(as('greedy'), view(20))).rejects.toMatchObject({
      status: 429,
      code: 'too_many_views',
    })
    // Asking again for one of its own, or for the unfiltered view, is not a new one.
    await index.index.overview(as('greedy'), view(3))
    await index.index.overview(as('greedy'), { states: [], metadata: [] })
    expect((await index.index.overview(as('honest'), view(99))).coverage.kind).toMatch(/counting|exact/)
    // A filter another client made counts for whoever asks.
    await index.index.overview(as('honest'), view(5))
  })
})
