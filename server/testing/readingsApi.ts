import { createHash } from 'node:crypto'
import { startFakeApi, type FakeAnswer, type FakeRequest } from './fakeApi.ts'

/*
 * An API over a list of executions a test changes as it goes (states, births, deletions), answering by one of
 * the readings the spec leaves open: the order it lists in, its cursors, a silent cap on pages, no
 * has_next_page, a page limit it names or not, slow large pages, 429s, metadata that is not a string.
 */
export interface ReadingRow {
  id: string
  state: string
  created_at: string
  updated_at: string
  metadata?: Record<string, unknown>
}

export interface Reading {
  /** By created_at, newest or oldest first, or in an order unrelated to time (stable). Default newest. */
  order?: 'newest' | 'oldest' | 'none'
  /** `keyset`: the cursor names the last row's place; `offset`: a position (a deletion shifts what follows). */
  cursors?: 'keyset' | 'offset'
  /** At most this many rows a page, whatever `first` asks. */
  cap?: number
  /** `no_has_next`: page_info carries only end_cursor. */
  pageInfo?: 'full' | 'no_has_next'
  /** Pages larger than `max` are refused with a 400 saying `message`. */
  limit?: { max: number; message: string }
  /** Pages larger than `size` take `ms` to answer. */
  slowAbove?: { size: number; ms: number }
  /** Answers the nth list call (from 1) with a 429 and this Retry-After in seconds, or null. */
  tooMany?: (call: number) => number | null
  /** A 400 with these words for any list that filters on metadata. */
  refuseMetadata?: string
  /** Awaited before a list call is answered (from the rows as they are then): a test holds a walk here. */
  hold?: (page: { first?: number; after?: string; states: readonly string[] }) => Promise<void> | void
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex')

function sortKey(row: ReadingRow, order: Reading['order']): string {
  if (order === 'none') return hashOf(row.id)
  const time = Date.parse(row.created_at).toString().padStart(16, '0')
  return order === 'oldest'
    ? `${time} ${row.id}`
    : `${(9e15 - Number(time)).toString().padStart(16, '0')} ${row.id}`
}

/** A metadata value as the API matches it: a string as itself, a number or boolean as its text, a list by member. */
function valueMatches(value: unknown, wanted: readonly string[]): boolean {
  if (Array.isArray(value)) return value.some((item) => valueMatches(item, wanted))
  if (typeof value === 'string') return wanted.includes(value)
  if (typeof value === 'number' || typeof value === 'boolean') return wanted.includes(String(value))
  return false
}

function matches(row: ReadingRow, body: Record<string, unknown>): boolean {
  const filters = (body.filters ?? {}) as {
    states?: string[]
    metadata?: { key: string; values: string[] }[]
  }
  if (filters.states?.length && !filters.states.includes(row.state)) return false
  return (filters.metadata ?? []).every((entry) => valueMatches(row.metadata?.[entry.key], entry.values))
}

/** What the reading refuses this list call with, if anything. */
function refusalOf(reading: Reading, call: number, first: number, byMetadata: boolean): FakeAnswer | null {
  const wait = reading.tooMany?.(call) ?? null
  if (wait !== null)
    return { status: 429, json: { message: 'slow down' }, headers: { 'Retry-After': String(wait) } }
  if (reading.refuseMetadata && byMetadata) return { status: 400, json: { message: reading.refuseMetadata } }
  if (reading.limit && first > reading.limit.max)
    return { status: 400, json: { message: reading.limit.message } }
  return null
}

/** The page a list body asks for, in the reading's order, cursors, cap and page_info. */
function pageOf(rows: readonly ReadingRow[], body: Record<string, unknown>, reading: Reading) {
  const page = (body.page ?? {}) as { first?: number; after?: string }
  const size = Math.min(page.first ?? 20, reading.cap ?? Infinity)
  const ordered = rows
    .filter((row) => matches(row, body))
    .map((row) => ({ row, key: sortKey(row, reading.order) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const offsets = reading.cursors === 'offset'
  const after = page.after
  const start =
    after === undefined ? 0 : offsets ? Number(after) : ordered.findIndex((entry) => entry.key > after)
  const from = start < 0 ? ordered.length : start
  const taken = ordered.slice(from, from + size)
  const end = from + taken.length
  const endCursor = taken.length === 0 ? null : offsets ? String(end) : taken.at(-1)?.key
  const pageInfo =
    reading.pageInfo === 'no_has_next'
      ? { end_cursor: endCursor }
      : { has_next_page: end < ordered.length, end_cursor: endCursor }
  return { data: taken.map((entry) => entry.row), page_info: pageInfo }
}

export async function startReadingsApi(initial: readonly ReadingRow[], reading: Reading = {}) {
  const rows = new Map(initial.map((row) => [row.id, { ...row }]))
  let listCalls = 0
  const attemptsAsked = new Map<string, number>()

  async function list(body: Record<string, unknown>): Promise<FakeAnswer> {
    const page = (body.page ?? {}) as { first?: number; after?: string }
    const filters = (body.filters ?? {}) as { states?: string[]; metadata?: unknown[] }
    await reading.hold?.({ ...page, states: filters.states ?? [] })
    listCalls += 1
    const first = page.first ?? 20
    const refusal = refusalOf(reading, listCalls, first, (filters.metadata ?? []).length > 0)
    if (refusal) return refusal
    const answer = { json: pageOf([...rows.values()], body, reading) }
    const slow = reading.slowAbove
    if (slow && first > slow.size) return new Promise((resolve) => setTimeout(() => resolve(answer), slow.ms))
    return answer
  }

  function attempts(id: string): FakeAnswer {
    attemptsAsked.set(id, (attemptsAsked.get(id) ?? 0) + 1)
    const row = rows.get(id)
    if (!row) return { status: 404, json: { message: 'no such execution' } }
    const state = row.state === 'created' ? null : row.state
    const data = state
      ? [{ id: `${id}-a1`, state, created_at: row.created_at, updated_at: row.updated_at }]
      : []
    return { json: { data, page_info: { has_next_page: false } } }
  }

  const api = await startFakeApi(({ path, body }: FakeRequest) => {
    const attempt = /^\/executions\/([^/]+)\/attempts$/.exec(path)
    if (attempt) return attempts(decodeURIComponent(attempt[1] ?? ''))
    return list(body)
  })
  return {
    ...api,
    rows,
    listCalls: () => listCalls,
    attemptsAsked: (id: string) => attemptsAsked.get(id) ?? 0,
    /** Changes an execution's state, as the API would on its own. */
    set(id: string, state: string) {
      const row = rows.get(id)
      if (!row) throw new Error(`no ${id}`)
      row.state = state
      row.updated_at = new Date().toISOString()
    },
    add(row: ReadingRow) {
      rows.set(row.id, { ...row })
    },
    remove(id: string) {
      rows.delete(id)
    },
  }
}

/** `count` executions, the nth created n minutes before 2026-06-01, failed every `failedEvery`th. */
export function readingRows(count: number, failedEvery = 5, prefix = 'x'): ReadingRow[] {
  return Array.from({ length: count }, (_, n) => {
    const at = new Date(Date.UTC(2026, 5, 1) - n * 60_000).toISOString()
    const state = n % failedEvery === 0 ? 'failed' : 'succeed'
    return {
      id: `${prefix}${String(n).padStart(5, '0')}`,
      state,
      created_at: at,
      updated_at: at,
      metadata: { env: 'prod' },
    }
  })
}
