import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TimeWindow } from '../../shared/timeWindow.ts'
import { execution, pageOf, startFakeApi, type FakeRequest } from '../testing/fakeApi.ts'
import { startTestIndex, type TestIndex } from '../testing/indexTestKit.ts'
import { IF_ORDER_HOLDS } from './claims.ts'

vi.setConfig({ testTimeout: 30_000 })
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const PAGE = 100
const IN_WINDOW = 200
/** Newest first: execution(n) is n minutes older than execution(0). */
const ordered = Array.from({ length: 3_000 }, (_, n) => execution(n, n % 4 === 0 ? 'failed' : 'succeed'))
const startOf = (rows: readonly { created_at: string }[]) => Date.parse(rows[IN_WINDOW - 1]?.created_at ?? '')
const createdWindow: TimeWindow = { kind: 'absolute', from: startOf(ordered), to: null, field: 'created' }
const all = { states: [], metadata: [] }
const listCalls = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/executions').length

/**
 * An API over `rows` that caps pages at 100 and answers the list only `open` times; later list calls wait until
 * `open` is raised (so a test sees the index between two pages of its walk).
 */
async function gatedIndex(rows: readonly ReturnType<typeof execution>[], open: number) {
  const gate = { open, release: () => {} }
  let waiting: (() => void)[] = []
  gate.release = () => waiting.splice(0).forEach((go) => go())
  let answered = 0
  const api = await startFakeApi(async ({ body }) => {
    while (answered >= gate.open) await new Promise<void>((go) => waiting.push(go))
    answered += 1
    return { json: pageOf(rows, { page: { ...(body.page as object), first: PAGE } }) }
  })
  const index = await startTestIndex({ url: api.url, token: 'tok-1234' })
  cleanups.push(api.close, async () => {
    gate.open = Infinity
    gate.release()
    waiting = []
    await index.close()
  })
  // Asking starts the scan.
  await index.overview()
  const windowed = (window: TimeWindow) => index.index.overview(index.credentials, all, { window })
  /** Once every page before the gate is in the index. */
  const atGate = async () => {
    await expect.poll(() => listCalls(api.requests)).toBeGreaterThan(open)
    await expect.poll(async () => (await index.overview()).coverage.executions).toBe(open * PAGE)
  }
  return { api, index, gate, windowed, atGate }
}

async function pollCoverage(index: TestIndex, window: TimeWindow, kind: string) {
  await expect
    .poll(async () => (await index.index.overview(index.credentials, all, { window })).coverage.kind)
    .toBe(kind)
}

describe('a created_at window on an API that lists newest first', () => {
  it('is complete if the order holds once the walk passed the window’s start, after ceil(window / page) + 1 calls', async () => {
    // The window's pages (the first is the page-size probe's answer) and the one that goes below its start.
    const needed = Math.ceil(IN_WINDOW / PAGE) + 1
    const { index, gate, windowed } = await gatedIndex(ordered, needed)
    await pollCoverage(index, createdWindow, 'at_least')
    const answer = await windowed(createdWindow)
    expect(answer.coverage).toMatchObject({
      kind: 'at_least',
      calls: needed,
      reason: IF_ORDER_HOLDS,
      ifOrderHolds: true,
    })
    expect(answer.total).toBe(IN_WINDOW)
    expect(answer.counts.failed).toBe(
      ordered.slice(0, IN_WINDOW).filter((row) => row.state === 'failed').length,
    )
    // The whole set is still being counted, and the window's list says the same as its counts.
    expect((await index.overview()).coverage.kind).toBe('counting')
    const page = await index.index.page(index.credentials, all, {
      window: createdWindow,
      sort: 'created',
      first: 1000,
      after: null,
    })
    expect(page.rows).toHaveLength(IN_WINDOW)
    expect(page.coverage).toMatchObject({ kind: 'at_least', ifOrderHolds: true })
    // Exact once the whole walk has ended, where the order held throughout.
    gate.open = Infinity
    gate.release()
    await pollCoverage(index, createdWindow, 'exact')
    expect((await windowed(createdWindow)).total).toBe(IN_WINDOW)
  })

  it('stays counting while the walk has not passed the window’s start', async () => {
    const { index, windowed, atGate } = await gatedIndex(ordered, Math.ceil(IN_WINDOW / PAGE))
    await atGate()
    expect((await windowed(createdWindow)).coverage.kind).toBe('counting')
    expect(index.index.facts.order()).toBe('unknown')
  })

  it('keeps an updated_at window counting, and a window without a start', async () => {
    const { windowed, atGate } = await gatedIndex(ordered, 5)
    await atGate()
    expect((await windowed(createdWindow)).coverage.kind).toBe('at_least')
    const from = createdWindow.kind === 'absolute' ? createdWindow.from : null
    expect((await windowed({ ...createdWindow, field: 'updated' })).coverage.kind).toBe('counting')
    const before: TimeWindow = { kind: 'absolute', from: null, to: (from ?? 0) + 1, field: 'created' }
    expect((await windowed(before)).coverage.kind).toBe('counting')
  })
})

describe('a window on an API without that order', () => {
  it('gets no early exactness from an unordered list', async () => {
    // The same executions, listed in an order unrelated to created_at.
    const shuffled = [...ordered].sort((a, b) => (a.id.slice(-2) < b.id.slice(-2) ? -1 : 1))
    const { windowed, atGate } = await gatedIndex(shuffled, 5)
    await atGate()
    expect((await windowed(createdWindow)).coverage.kind).toBe('counting')
  })

  it('takes the claim back when the API stops listing newest first part way', async () => {
    // Newest first for five pages, then an execution of the window (the newest of all) turns up late.
    const late = execution(-1, 'failed')
    const lying = [...ordered.slice(0, 5 * PAGE), late, ...ordered.slice(5 * PAGE)]
    const { index, gate, windowed, atGate } = await gatedIndex(lying, 5)
    await atGate()
    expect((await windowed(createdWindow)).coverage).toMatchObject({ kind: 'at_least', ifOrderHolds: true })
    gate.open = 6
    gate.release()
    await pollCoverage(index, createdWindow, 'counting')
    expect((await windowed(createdWindow)).total).toBe(IN_WINDOW + 1)
    gate.open = Infinity
    gate.release()
    await index.until('exact')
    // The whole scan saw the lie: what the index learned is "no order", and no later walk is believed early.
    expect(index.index.facts.order()).toBe('none')
  })
})
