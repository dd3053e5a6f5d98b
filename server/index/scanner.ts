import { contradictsFilters } from '../../shared/filters.ts'
import { buildListBody } from '../../shared/listBody.ts'
import { describeWalkStop, walkList, type WalkPage } from '../../shared/listWalker.ts'
import type { IndexSettings } from './settings.ts'
import type { Lane } from '../upstream/budget.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { fetchListPage, filterableRow, type ApiRow } from '../upstream/listPage.ts'
import { LIST_EXECUTIONS } from '../upstream/operations.ts'
import { UpstreamFailure } from '../upstream/request.ts'
import type { OrderKind } from './coverage.ts'
import type { Family } from './family.ts'
import type { Partition } from './partition.ts'
import { isActive, readApiRow } from './rows.ts'
import { probePageSize, type UpstreamFacts } from './upstreamFacts.ts'
import { startWalk, walkSaw } from './walkProgress.ts'

/** What a scan of one partition needs. */
export interface ScanContext {
  client: UpstreamClient
  partition: Partition
  facts: UpstreamFacts
  /** The credential to scan with now; null once nobody uses the partition (then nothing is scanned). */
  authorization: () => string | null
  settings: IndexSettings
  signal: AbortSignal
  now: () => number
}

/** At most this many head pages a refresh reads when every row on them is new. */
const MAX_HEAD_PAGES = 10

const idOf = (row: ApiRow) =>
  typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : null

function fetcher(ctx: ScanContext, family: Family, lane: Lane, states: readonly string[] = []) {
  return (first: number, after: string | null): Promise<WalkPage<ApiRow>> => {
    const authorization = ctx.authorization()
    if (authorization === null) return Promise.reject(new Error('nobody uses this index any more'))
    const input = { first, after, states, metadata: family.metadata }
    const body = Buffer.from(JSON.stringify(buildListBody(input, (state) => ctx.facts.spell(state))))
    return fetchListPage(ctx.client, { body, authorization, lane, signal: ctx.signal }).then((page) => {
      ctx.facts.learnStates(page.rows.map((row) => String(row.state)))
      return page
    })
  }
}

/**
 * The largest page the API accepts, probed once per upstream with the unfiltered list. The probe's answer is that
 * list's first page at that size: the unfiltered family's walk starts from it rather than asking again.
 */
export async function ensurePageSize(
  ctx: ScanContext,
  family: Family,
): Promise<{ size: number; firstPage: WalkPage<ApiRow> | null }> {
  const known = ctx.facts.pageSize()
  if (known !== null) return { size: known, firstPage: null }
  const fetch = fetcher(ctx, { ...family, metadata: [] }, 'index')
  let firstPage: WalkPage<ApiRow> | null = null
  const { size, calls } = await probePageSize(async (first) => {
    try {
      const page = await fetch(first, null)
      firstPage = page
      return { ok: true, rows: page.rows.length, hasNext: page.hasNext ?? null }
    } catch (error) {
      if (
        error instanceof UpstreamFailure &&
        (error.status === 400 || error.status === 422 || error.code === 'upstream_error')
      ) {
        const status = Number(/HTTP (\d{3})/.exec(error.message)?.[1] ?? error.status)
        return { ok: false, status, message: error.message }
      }
      throw error
    }
  })
  family.calls += calls
  ctx.facts.setPageSize(size)
  return { size, firstPage: family.metadata.length === 0 ? firstPage : null }
}

/** Takes a page's rows into the partition, as members of `family`. Returns the ids taken. */
function takeRows(
  ctx: ScanContext,
  family: Family,
  rows: readonly ApiRow[],
  onRow?: (id: string, wasMember: boolean) => void,
) {
  const seenAt = ctx.now()
  for (const apiRow of rows) {
    const row = readApiRow(apiRow, seenAt, ctx.partition.intern)
    if (!row) continue
    const wasMember = family.members.has(row.id)
    ctx.partition.upsert(row)
    if (ctx.partition.addMember(family, row)) onRow?.(row.id, wasMember)
  }
}

/**
 * A whole scan of a family with the one walker: every page until the API says there is no more, within the
 * row cap and the walker's guards. A complete scan replaces the membership (what it did not see has left).
 */
export async function fullScan(ctx: ScanContext, family: Family, lane: Lane): Promise<void> {
  family.scanning = true
  if (family.phase === 'new' || family.phase === 'failed') family.phase = 'counting'
  family.calls = 0
  ctx.partition.familyChanged(family)
  const startedAt = ctx.now()
  const seen = new Set<string>()
  const walk = startWalk(startedAt)
  family.walk = walk
  try {
    const { size: first, firstPage } = await ensurePageSize(ctx, family)
    let probed = firstPage
    const fetch = fetcher(ctx, family, lane)
    const report = await walkList<ApiRow>({
      first,
      maxRows: ctx.settings.maxRows,
      signal: ctx.signal,
      idOf,
      contradicts: (row) => contradictsFilters(filterableRow(row), { states: [], metadata: family.metadata }),
      fetchPage: (after) => {
        const page = after === null ? probed : null
        probed = null
        if (page) return Promise.resolve(page)
        family.calls += 1
        return fetch(first, after)
      },
      onRows: (rows) => {
        const created = rows.map((row) => readApiRow(row, 0, ctx.partition.intern)?.createdAt ?? null)
        takeRows(ctx, family, rows, (id) => seen.add(id))
        walkSaw(walk, created, family.calls)
        ctx.partition.familyChanged(family)
      },
    })
    finishScan(ctx, family, report, { seen, startedAt }, walk.order.verdict())
  } catch (error) {
    failScan(ctx, family, error instanceof Error ? error.message : String(error))
  } finally {
    family.scanning = false
    ctx.partition.familyChanged(family)
  }
}

function finishScan(
  ctx: ScanContext,
  family: Family,
  report: Awaited<ReturnType<typeof walkList>>,
  walked: { seen: Set<string>; startedAt: number },
  order: OrderKind,
) {
  family.excluded = report.excluded
  if (report.stop.kind === 'aborted') {
    if (family.phase === 'counting') family.phase = 'new'
    return
  }
  if (report.stop.kind === 'failed') return failScan(ctx, family, report.stop.message)
  family.fullScanAt = ctx.now()
  family.refreshedAt = family.fullScanAt
  if (report.stop.kind === 'end') {
    // What the walk did not see has left, unless something else (a head refresh, a relayed page) saw it
    // since the walk began: an execution created behind the walk's first page is still there.
    for (const [id, row] of [...family.members])
      if (!walked.seen.has(id) && row.lastSeenAt < walked.startedAt) ctx.partition.removeMember(family, id)
    family.phase = 'complete'
    family.reason = null
    family.estimate = family.members.size
    ctx.facts.setOrder(order)
    return
  }
  family.phase = 'partial'
  family.reason = describeWalkStop(report)
}

function failScan(ctx: ScanContext, family: Family, reason: string) {
  family.fullScanAt = ctx.now()
  // A complete family stays complete: its data is still what it was, and refreshes say if they fail too.
  if (family.phase !== 'complete' && family.phase !== 'partial') family.phase = 'failed'
  family.reason = reason
}

/**
 * Keeps a scanned family fresh: its first pages (new executions; more of them only while every row is new
 * and the API lists newest first), then every active execution again (created, started, unknown states).
 * An active one that is no longer active and was not seen elsewhere has finished: its outcome is pending.
 */
export async function refreshFamily(ctx: ScanContext, family: Family): Promise<void> {
  family.refreshing = true
  const started = ctx.now()
  try {
    const { size: first } = await ensurePageSize(ctx, family)
    const head = fetcher(ctx, family, 'index')
    let after: string | null = null
    for (let pages = 0; pages < MAX_HEAD_PAGES; pages += 1) {
      const page = await head(first, after)
      let fresh = 0
      takeRows(ctx, family, page.rows, (_id, wasMember) => (fresh += wasMember ? 0 : 1))
      const allNew = fresh === page.rows.length && page.rows.length > 0
      if (!allNew || ctx.facts.order() !== 'created_desc' || page.hasNext !== true || !page.endCursor) break
      after = page.endCursor
    }
    // The unfiltered family's re-scan of the active set covers every family's rows (they are shared objects), so a
    // metadata family asks for its own only when that one is not kept fresh (at a million executions, 9,000 rows each).
    if (!baseKeepsActiveFresh(ctx, family)) await rescanActive(ctx, family, first)
    family.refreshedAt = started
    family.refreshFailing = null
  } catch (error) {
    if (!ctx.signal.aborted) {
      const reason = error instanceof Error ? error.message : String(error)
      family.refreshFailing = { since: family.refreshFailing?.since ?? started, reason }
    }
  } finally {
    family.refreshing = false
    ctx.partition.familyChanged(family)
  }
}

function baseKeepsActiveFresh(ctx: ScanContext, family: Family): boolean {
  if (family.metadata.length === 0) return false
  const base = ctx.partition.families.get('[]')
  return (
    base !== undefined &&
    base.phase === 'complete' &&
    base.refreshFailing === null &&
    ctx.now() - base.refreshedAt < 2 * ctx.settings.refreshMs
  )
}

async function rescanActive(ctx: ScanContext, family: Family, first: number) {
  const { partition } = ctx
  const activeBefore = [...family.members.values()]
    .filter((row) => !row.outcomePending && isActive(row))
    .map((row) => row.id)
  const stillActive = new Set<string>()
  const fetch = fetcher(ctx, family, 'index', ctx.facts.activeStates())
  const report = await walkList<ApiRow>({
    first,
    maxRows: ctx.settings.maxRows,
    signal: ctx.signal,
    idOf,
    fetchPage: (after) => fetch(first, after),
    onRows: (rows) => takeRows(ctx, family, rows, (id) => stillActive.add(id)),
  })
  if (report.stop.kind === 'failed') throw report.stop.error
  if (report.stop.kind !== 'end') return
  for (const id of activeBefore) {
    const row = partition.rows.get(id)
    if (row && isActive(row) && !stillActive.has(id)) partition.markOutcomePending(id)
  }
  // Best effort: an outcome not found now is looked for in the next cycle.
  await resolvePending(ctx, family).catch(() => {})
}

/** One finished execution a cycle: its latest attempt says how it ended. */
async function resolvePending(ctx: ScanContext, family: Family) {
  const id = ctx.partition.pendingFirst(family.members)
  const authorization = ctx.authorization()
  if (id === undefined || authorization === null) return
  const path = `/executions/${encodeURIComponent(id)}/attempts`
  const answer = await ctx.client.call({
    operation: { ...LIST_EXECUTIONS, operation: 'list_attempts', path, executionId: id },
    body: Buffer.from('{"page":{"first":100}}'),
    authorization,
    lane: 'index',
    signal: ctx.signal,
  })
  if (answer.status < 200 || answer.status > 299) return
  const attempts = ((JSON.parse(answer.body.toString('utf8')) as { data?: unknown }).data ?? []) as ApiRow[]
  const latest = attempts
    .map((attempt) => readApiRow(attempt, ctx.now(), ctx.partition.intern))
    .filter((attempt) => attempt !== null)
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0]
  const row = ctx.partition.rows.get(id)
  if (!row || !latest || (latest.meaning !== 'succeed' && latest.meaning !== 'failed')) return
  ctx.partition.upsert({
    ...row,
    state: latest.state,
    meaning: latest.meaning,
    updatedAt: latest.updatedAt,
    updatedRaw: latest.updatedRaw,
    outcomePending: false,
  })
}
