/*
 * Between rounds, a family is kept fresh by reads that bring news, not proof (claims.ts): its first pages (new
 * executions; more of them only while every row is new and the API lists newest first), then every active
 * execution again (created, started, unknown states). An active one that is no longer active and was not seen
 * elsewhere has finished: its outcome is pending, and checks.ts asks its attempts.
 */
import { walkList } from '../../shared/listWalker.ts'
import type { ApiRow } from '../upstream/listPage.ts'
import { checkFates } from './checks.ts'
import type { Family } from './family.ts'
import { isActive, readApiRow } from './rows.ts'
import { askPage, ensurePageSize, fetcher, idOf, takeRows, type ScanContext } from './scanner.ts'

/** At most this many head pages a refresh reads when every row on them is new. */
const MAX_HEAD_PAGES = 10
/** From this many outcomes pending, the finished executions are read first: one page answers many at once. */
const BULK_OUTCOMES_FROM = 3
/** At most this many pages of finished executions a refresh reads for them. */
const MAX_FINISHED_PAGES = 2

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export async function refreshFamily(ctx: ScanContext, family: Family): Promise<void> {
  family.refreshing = true
  const started = ctx.now()
  const newsBefore = ctx.partition.news()
  // A relayed head page serves one refresh, whatever becomes of it: one that fails reads the head when tried again.
  const headShared = headSeenSince(ctx, family)
  family.headSeenAt = undefined
  try {
    // A family one page long is read whole by each round, every refresh interval: news and proof at once.
    if (!roundsKeepFresh(ctx, family)) {
      const { size: first } = await ensurePageSize(ctx, family, 'index')
      if (!headShared) await readHead(ctx, family)
      // The unfiltered family's re-read of the active set covers every family's rows (they are shared objects), so
      // a metadata family asks for its own only when that one is not kept fresh (at a million executions, 9,000 rows each).
      if (!baseKeepsActiveFresh(ctx, family)) await rescanActive(ctx, family, first)
      if (ctx.partition.pendingIn(family) >= BULK_OUTCOMES_FROM) await readFinished(ctx, family)
    }
    // Best effort: a fate not learned now is asked again in the next cycle.
    await checkFates(ctx, family).catch(() => {})
    family.refreshedAt = started
    family.refreshFailing = null
    // Anything new (from this refresh, a round or a relayed page meanwhile) brings the pace back at once.
    family.quietRefreshes = ctx.partition.news() === newsBefore ? (family.quietRefreshes ?? 0) + 1 : 0
  } catch (error) {
    if (!ctx.signal.aborted) {
      const reason = reasonOf(error)
      family.refreshFailing = { since: family.refreshFailing?.since ?? started, reason }
    }
  } finally {
    family.refreshing = false
    ctx.partition.familyChanged(family)
  }
}

/** Rounds of one page, one every refresh interval, read every member anyway (while they keep that pace). */
function roundsKeepFresh(ctx: ScanContext, family: Family): boolean {
  return (
    family.verifiedAt !== null &&
    family.calls <= 1 &&
    family.roundTrouble === null &&
    ctx.now() - family.verifiedAt < 2 * (family.paceMs ?? ctx.settings.refreshMs)
  )
}

/**
 * A head page relayed since the last refresh began (a tab's live page of the same view, issue 49 §2b) brought the
 * news a head read would: on an API seen to list newest first, it showed every new execution.
 */
export const headSeenSince = (ctx: ScanContext, family: Family) =>
  ctx.facts.order() === 'created_desc' && (family.headSeenAt ?? -1) > family.refreshedAt

async function readHead(ctx: ScanContext, family: Family) {
  const head = fetcher(ctx, family, 'index')
  let after: string | null = null
  for (let pages = 0; pages < MAX_HEAD_PAGES; pages += 1) {
    // No waiting: the next refresh asks again.
    const page = await askPage(ctx, head, after, { maxWaits: 0 })
    let fresh = 0
    const askedAt = page.askedAt ?? ctx.now()
    takeRows(ctx, family, page.rows, askedAt, (_id, wasMember) => (fresh += wasMember ? 0 : 1))
    const allNew = fresh === page.rows.length && page.rows.length > 0
    if (!allNew || ctx.facts.order() !== 'created_desc' || page.hasNext === false || !page.endCursor) break
    after = page.endCursor
  }
}

/**
 * The family's finished executions (succeed and failed, as the API spells them), newest first, down to the oldest
 * whose outcome is pending: a page settles many outcomes that would each cost an attempts call. Only on an API
 * seen to list newest first (otherwise nothing says where they are), and at most MAX_FINISHED_PAGES pages.
 */
async function readFinished(ctx: ScanContext, family: Family) {
  if (ctx.facts.order() !== 'created_desc') return
  const oldest = ctx.partition.oldestPendingIn(family)
  if (oldest === null) return
  const finished = [...ctx.facts.spell('succeed'), ...ctx.facts.spell('failed')]
  const fetch = fetcher(ctx, family, 'index', finished)
  let after: string | null = null
  for (let pages = 0; pages < MAX_FINISHED_PAGES; pages += 1) {
    const page = await askPage(ctx, fetch, after, { maxWaits: 0 })
    takeRows(ctx, family, page.rows, page.askedAt ?? ctx.now())
    const last = readApiRow(page.rows.at(-1) ?? {}, 0, ctx.partition.intern)?.createdAt ?? null
    if (ctx.partition.pendingIn(family) === 0 || last === null || last < oldest) return
    if (page.hasNext === false || !page.endCursor) return
    after = page.endCursor
  }
}

function baseKeepsActiveFresh(ctx: ScanContext, family: Family): boolean {
  if (family.metadata.length === 0) return false
  const base = ctx.partition.families.get('[]')
  return (
    base !== undefined &&
    base.verifiedAt !== null &&
    base.refreshFailing === null &&
    ctx.now() - base.refreshedAt < 2 * (base.paceMs ?? ctx.settings.refreshMs)
  )
}

async function rescanActive(ctx: ScanContext, family: Family, first: number) {
  const { partition } = ctx
  const activeBefore = [...family.members.values()]
    .filter((row) => !row.outcomePending && isActive(row))
    .map((row) => row.id)
  const stillActive = new Set<string>()
  let askedAt = ctx.now()
  const fetch = fetcher(ctx, family, 'index', ctx.facts.activeStates())
  const report = await walkList<ApiRow>({
    first,
    maxRows: ctx.settings.maxRows,
    maxPages: ctx.settings.maxRows,
    signal: ctx.signal,
    idOf,
    fetchPage: (after) =>
      askPage(ctx, fetch, after, { maxWaits: 0 }).then((page) => {
        askedAt = page.askedAt ?? ctx.now()
        return page
      }),
    onRows: (rows) => takeRows(ctx, family, rows, askedAt, (id) => stillActive.add(id)),
  })
  if (report.stop.kind === 'failed') throw report.stop.error
  if (report.stop.kind !== 'end') return
  for (const id of activeBefore) {
    const row = partition.rows.get(id)
    if (row && isActive(row) && !stillActive.has(id)) partition.markOutcomePending(id)
  }
}
