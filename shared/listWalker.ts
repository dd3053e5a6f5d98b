/*
 * The one walker every "all pages" job uses (export, dry run, search by id, the server's index), with one
 * stop rule. It trusts the API no more than the list does: rows that contradict the filters asked for
 * are left out and counted, an id seen twice counts once, and every stop that is not "the API said
 * there is no more" is reported as such.
 */
export interface WalkPage<Row> {
  rows: readonly Row[]
  hasNext: boolean | null | undefined
  endCursor: string | null | undefined
  /** When the API was asked for this page (ms epoch), where known. */
  askedAt?: number
}

export type WalkStop =
  | { kind: 'end' }
  | { kind: 'row_cap'; cap: number }
  | { kind: 'page_budget'; budget: number }
  | { kind: 'no_cursor' }
  /** The API said nothing of more (no `has_next_page`) and gave no cursor to ask: the end is not known. */
  | { kind: 'end_unknown' }
  | { kind: 'repeated_cursor' }
  | { kind: 'repeated_page' }
  | { kind: 'empty_pages'; run: number }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string; error: unknown }

export interface WalkReport {
  pages: number
  /** Rows handed on: unique, and not contradicting the filters. */
  rows: number
  /** Rows whose id an earlier page already had. */
  duplicates: number
  /** Rows that contradict the filters asked for. */
  excluded: number
  /** Rows handed on that could not be checked against the filters (no metadata under a metadata filter). */
  unchecked: number
  stop: WalkStop
}

export interface WalkOptions<Row> {
  /** Rows asked for per page. */
  first: number
  fetchPage: (after: string | null) => Promise<WalkPage<Row>>
  idOf: (row: Row) => string | null
  contradicts?: (row: Row) => boolean
  /** Rows the filters cannot be checked on: handed on (the API's word stands), and counted. */
  unchecked?: (row: Row) => boolean
  /** Receives the rows of each page that pass; awaited, so a slow consumer slows the walk. */
  onRows?: (rows: Row[], progress: Omit<WalkReport, 'stop'>) => void | Promise<void>
  maxRows?: number
  /** Default: four times the pages `maxRows` needs at `first` a page, plus four; never unbounded. */
  maxPages?: number
  emptyPagesLimit?: number
  /** Ask for the next page while the rows of this one are handed on (an export writing to a socket). */
  prefetch?: boolean
  signal?: AbortSignal
}

export const DEFAULT_EMPTY_PAGES_LIMIT = 3
const UNBOUNDED_PAGE_BUDGET = 100_000

export function defaultPageBudget(maxRows: number, first: number): number {
  if (!Number.isFinite(maxRows)) return UNBOUNDED_PAGE_BUDGET
  return Math.ceil(maxRows / Math.max(1, first)) * 4 + 4
}

export const isCompleteWalk = (report: WalkReport) => report.stop.kind === 'end'

interface WalkState {
  seen: Set<string>
  cursors: Set<string>
  report: Omit<WalkReport, 'stop'>
  emptyRun: number
  /** Asks for the page after `cursor` now, when the walk prefetches. */
  prefetch?: (cursor: string) => void
}

/** Takes one page's rows in: the ones to hand on, and whether the page held nothing new at all. */
function takeRows<Row>(page: WalkPage<Row>, state: WalkState, options: WalkOptions<Row>, room: number) {
  const accepted: Row[] = []
  let fresh = 0
  for (const row of page.rows) {
    const id = options.idOf(row)
    if (id !== null && state.seen.has(id)) {
      state.report.duplicates += 1
      continue
    }
    fresh += 1
    if (options.contradicts?.(row)) {
      state.report.excluded += 1
      if (id !== null) state.seen.add(id)
      continue
    }
    if (accepted.length === room) return { accepted, overflow: true, fresh }
    if (id !== null) state.seen.add(id)
    if (options.unchecked?.(row)) state.report.unchecked += 1
    accepted.push(row)
  }
  return { accepted, overflow: false, fresh }
}

/**
 * What follows a page: another page (its cursor), or why the walk ends here. Only the API ends a walk: a page that
 * says `has_next_page: false`, or, when it says nothing of more, an empty page. Fewer rows than asked is not the
 * end (an API may cap its pages silently); the cursor is followed.
 */
function nextStep<Row>(
  page: WalkPage<Row>,
  state: WalkState,
  options: WalkOptions<Row>,
  fresh: number,
): string | WalkStop {
  if (page.hasNext === false) return { kind: 'end' }
  const unsaid = page.hasNext !== true
  if (unsaid && page.rows.length === 0) return { kind: 'end' }
  if (page.rows.length > 0 && fresh === 0) return { kind: 'repeated_page' }
  state.emptyRun = page.rows.length === 0 ? state.emptyRun + 1 : 0
  const limit = options.emptyPagesLimit ?? DEFAULT_EMPTY_PAGES_LIMIT
  if (state.emptyRun >= limit) return { kind: 'empty_pages', run: state.emptyRun }
  const cursor = page.endCursor
  if (typeof cursor !== 'string' || cursor === '') return { kind: unsaid ? 'end_unknown' : 'no_cursor' }
  if (state.cursors.has(cursor)) return { kind: 'repeated_cursor' }
  state.cursors.add(cursor)
  return cursor
}

/** One page asked for and taken in: what to hand on, and where to go next (or why to stop). */
async function walkStep<Row>(
  options: WalkOptions<Row>,
  state: WalkState,
  page: WalkPage<Row>,
  maxRows: number,
): Promise<{ next: string } | { stop: WalkStop }> {
  state.report.pages += 1
  const { accepted, overflow, fresh } = takeRows(page, state, options, maxRows - state.report.rows)
  state.report.rows += accepted.length
  const step = nextStep(page, state, options, fresh)
  const full = overflow || state.report.rows >= maxRows
  if (typeof step === 'string' && !full) state.prefetch?.(step)
  if (accepted.length > 0) await options.onRows?.(accepted, { ...state.report })
  if (typeof step !== 'string') {
    const cut = overflow || (step.kind !== 'end' && full)
    return { stop: cut ? { kind: 'row_cap', cap: maxRows } : step }
  }
  return full ? { stop: { kind: 'row_cap', cap: maxRows } } : { next: step }
}

export async function walkList<Row>(options: WalkOptions<Row>): Promise<WalkReport> {
  const maxRows = options.maxRows ?? Infinity
  const maxPages = options.maxPages ?? defaultPageBudget(maxRows, options.first)
  const state: WalkState = {
    seen: new Set(),
    cursors: new Set(),
    report: { pages: 0, rows: 0, duplicates: 0, excluded: 0, unchecked: 0 },
    emptyRun: 0,
  }
  const end = (stop: WalkStop): WalkReport => ({ ...state.report, stop })
  const fetchAt = (cursor: string | null) => {
    const page = options.fetchPage(cursor)
    page.catch(() => {})
    return page
  }
  let pending: Promise<WalkPage<Row>> | null = null
  if (options.prefetch) {
    state.prefetch = (cursor) => {
      if (state.report.pages < maxPages) pending = fetchAt(cursor)
    }
  }
  let after: string | null = null
  for (;;) {
    if (options.signal?.aborted) return end({ kind: 'aborted' })
    if (state.report.pages >= maxPages) return end({ kind: 'page_budget', budget: maxPages })
    let page: WalkPage<Row>
    try {
      page = await (pending ?? fetchAt(after))
    } catch (error) {
      if (options.signal?.aborted) return end({ kind: 'aborted' })
      return end({ kind: 'failed', message: error instanceof Error ? error.message : String(error), error })
    }
    pending = null
    const step = await walkStep(options, state, page, maxRows)
    if ('stop' in step) return end(step.stop)
    after = step.next
  }
}

/** "12 rows carry no metadata, …": said wherever a walk's rows are counted or kept; null when none. */
export function describeUnchecked(report: Pick<WalkReport, 'unchecked'>): string | null {
  if (report.unchecked === 0) return null
  const rows =
    report.unchecked === 1 ? '1 row carries' : `${report.unchecked.toLocaleString('en-US')} rows carry`
  return `${rows} no metadata: the metadata filters could not be checked on them and the API's word stands`
}

/** Why a walk ended, in words fit for a file's last line, a dry run or a search message. */
export function describeWalkStop(report: WalkReport): string {
  const { stop } = report
  switch (stop.kind) {
    case 'end':
      return 'the API said there were no more'
    case 'row_cap':
      return `it stopped at the limit of ${stop.cap.toLocaleString('en-US')} rows`
    case 'page_budget':
      return `it stopped after ${stop.budget.toLocaleString('en-US')} pages, which held only ${report.rows.toLocaleString('en-US')} rows`
    case 'no_cursor':
      return 'the API said more followed but gave no cursor to reach them'
    case 'end_unknown':
      return 'the API did not say whether more followed (no has_next_page) and gave no cursor to ask for more'
    case 'repeated_cursor':
      return 'the API sent a cursor it had already sent, so paging would not end'
    case 'repeated_page':
      return 'the API sent a page it had already sent (it ignores page.after)'
    case 'empty_pages':
      return `the API sent ${stop.run} empty pages in a row while saying more followed`
    case 'aborted':
      return 'it was stopped'
    case 'failed':
      return stop.message
  }
}
