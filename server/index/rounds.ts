/*
 * Verification rounds: a family is verified by walking its whole list with the one walker, one round after another,
 * within the budget (the first round in the `live` lane, as someone waits for it; the later ones in `verify`). A round that ends where the
 * API said there was no more verifies every member it saw as of its start; a member it did not see, and nothing saw
 * since it began, is unconfirmed until it is found again or its attempts answer 404 (checks.ts). What that lets the
 * index claim is decided in claims.ts.
 */
import { contradictsFilters } from '../../shared/filters.ts'
import { describeWalkStop, walkList, type WalkReport } from '../../shared/listWalker.ts'
import { filterableRow, type ApiRow } from '../upstream/listPage.ts'
import type { Family } from './family.ts'
import { readApiRow } from './rows.ts'
import { askPage, ensurePageSize, fetcher, idOf, takeRows, type ScanContext } from './scanner.ts'
import { startWalk, walkSaw, type WalkProgress } from './walkProgress.ts'

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** One whole walk of a family's list, and what it verified. */
export async function verifyRound(ctx: ScanContext, family: Family): Promise<void> {
  // A first count is what someone waits for, as for a live view; later rounds verify again in their own share.
  const lane = family.verifiedAt === null ? 'live' : 'verify'
  const walk = startWalk(ctx.now())
  family.scanning = true
  family.walk = walk
  family.roundStartedAt = walk.startedAt
  if (family.verifiedAt === null) family.phase = 'counting'
  ctx.partition.familyChanged(family)
  try {
    const onWait = (reason: string | null) => noteWait(ctx, family, reason)
    const probe = await ensurePageSize(ctx, family, lane, onWait)
    walk.calls += probe.calls
    let probed = probe.firstPage
    const fetch = fetcher(ctx, family, lane)
    /** When the page being taken in was asked for: its rows are the API's word as of then. */
    let askedAt = probed?.askedAt ?? ctx.now()
    const counted: typeof fetch = (first, after) => {
      walk.calls += 1
      return fetch(first, after).then((page) => {
        askedAt = page.askedAt ?? ctx.now()
        return page
      })
    }
    const report = await walkList<ApiRow>({
      first: probe.size,
      maxRows: ctx.settings.maxRows,
      // Every page must bring an id not seen before (the walker's own guards), so the row cap bounds the pages.
      maxPages: ctx.settings.maxRows,
      signal: ctx.signal,
      idOf,
      contradicts: (row) => contradictsFilters(filterableRow(row), { states: [], metadata: family.metadata }),
      fetchPage: (after) => {
        const page = after === null ? probed : null
        probed = null
        if (page) return Promise.resolve(page)
        return askPage(ctx, counted, after, { onWait })
      },
      onRows: (rows) => takeRound(ctx, family, walk, rows, askedAt),
    })
    endRound(ctx, family, walk, report)
  } catch (error) {
    stopRound(ctx, family, reasonOf(error))
  } finally {
    family.scanning = false
    ctx.partition.familyChanged(family)
  }
}

/** A page of the round: its rows taken in, its order checked at once. */
/** Rows taken in at a time before the event loop serves others: a page of 5,000 never holds a request up. */
const SLICE = 1_000

async function takeRound(
  ctx: ScanContext,
  family: Family,
  walk: WalkProgress,
  rows: ApiRow[],
  askedAt: number,
) {
  for (let from = 0; from < rows.length; from += SLICE) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve))
    const slice = rows.slice(from, from + SLICE)
    const created = slice.map((row) => readApiRow(row, 0, ctx.partition.intern)?.createdAt ?? null)
    takeRows(ctx, family, slice, askedAt, (id) => walk.seen.add(id))
    walkSaw(walk, created, walk.calls)
  }
  // An order seen broken withdraws, now, every claim that rested on it (claims.ts reads the learned order).
  const seen = walk.order.verdict()
  if (seen !== 'unknown' && seen !== 'created_desc' && seen !== ctx.facts.order()) ctx.facts.setOrder(seen)
  ctx.partition.familyChanged(family)
}

function noteWait(ctx: ScanContext, family: Family, reason: string | null) {
  family.roundTrouble =
    reason === null
      ? null
      : { since: family.roundTrouble?.since ?? ctx.now(), reason: `waiting on the API: ${reason}` }
  ctx.partition.familyChanged(family)
}

function endRound(ctx: ScanContext, family: Family, walk: WalkProgress, report: WalkReport) {
  const { stop } = report
  if (stop.kind === 'aborted') {
    if (family.verifiedAt === null) family.phase = 'new'
    return
  }
  family.excluded = report.excluded
  if (stop.kind === 'failed') return stopRound(ctx, family, stop.message)
  if (stop.kind !== 'end') return stopRound(ctx, family, describeWalkStop(report), 'partial')
  // What the round did not see, and nothing has seen since it began, is unconfirmed: deleted, or skipped.
  // Not copied first (a million pairs at 10^6): unconfirming deletes the member it is given, which iterating allows.
  for (const [id, row] of family.members)
    if (!walk.seen.has(id) && row.lastSeenAt < walk.startedAt) ctx.partition.unconfirm(family, id)
  family.verifiedAt = walk.startedAt
  family.calls = walk.calls
  family.phase = 'complete'
  family.reason = null
  family.roundTrouble = null
  family.unconfirmedElsewhere = 0
  family.estimate = family.members.size
  ctx.facts.setOrder(walk.order.verdict())
}

/**
 * A round that did not reach the end. Before the first complete round, that is the family's state (failed, or
 * counted in part); after it, what was verified stays verified as of then, and the trouble is said beside it.
 */
function stopRound(ctx: ScanContext, family: Family, reason: string, kind: 'failed' | 'partial' = 'failed') {
  if (ctx.signal.aborted) {
    if (family.verifiedAt === null) family.phase = 'new'
    return
  }
  family.reason = reason
  if (family.verifiedAt === null) {
    family.phase = kind
    family.calls = family.walk?.calls ?? family.calls
    return
  }
  const said = kind === 'partial' ? `the last verification stopped early: ${reason}` : reason
  family.roundTrouble = { since: family.roundTrouble?.since ?? ctx.now(), reason: said }
}
