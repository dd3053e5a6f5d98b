import { buildListBody } from '../../shared/listBody.ts'
import type { WalkPage } from '../../shared/listWalker.ts'
import type { IndexSettings } from './settings.ts'
import type { Lane } from '../upstream/budget.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { fetchListPage, type ApiRow } from '../upstream/listPage.ts'
import type { Family } from './family.ts'
import type { Partition } from './partition.ts'
import { PAGE_SIZES, patientPage } from './patientPage.ts'
import { readApiRow } from './rows.ts'
import type { UpstreamFacts } from './upstreamFacts.ts'

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

export const idOf = (row: ApiRow) =>
  typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : null

/** One try of one page of a family's list (`states` narrows it), in `lane`. */
export function fetcher(ctx: ScanContext, family: Family, lane: Lane, states: readonly string[] = []) {
  return (first: number, after: string | null): Promise<WalkPage<ApiRow>> => {
    const authorization = ctx.authorization()
    if (authorization === null) return Promise.reject(new Error('nobody uses this index any more'))
    const input = { first, after, states, metadata: family.metadata }
    const body = Buffer.from(JSON.stringify(buildListBody(input, (state) => ctx.facts.spell(state))))
    // Calls wait in turn with the other calls of the client the family is for (its live views too), or with the
    // partition's own work when it is nobody's in particular (the unfiltered family, a watch).
    const owner = family.owner ?? ctx.partition.id
    // The index asks in the `live` lane only for a family's first count, which someone is waiting for: it goes before
    // its owner's upkeep (refreshes, verification), still in turn with other owners.
    const request = { body, authorization, lane, signal: ctx.signal, owner, urgent: lane === 'live' }
    return fetchListPage(ctx.client, request).then((page) => {
      ctx.facts.learnStates(page.rows.map((row) => String(row.state)))
      return page
    })
  }
}

/**
 * One page of a family's list, asked with patience (patientPage): the size the index has learned, smaller
 * where the API asks for smaller (and learned so), the same page again where it asks to wait.
 */
export async function askPage(
  ctx: ScanContext,
  fetch: ReturnType<typeof fetcher>,
  after: string | null,
  options: { maxWaits?: number; onWait?: (reason: string | null) => void } = {},
): Promise<WalkPage<ApiRow>> {
  // A size is learned only once a smaller page came: a refusal that follows every size down (a cursor the API
  // no longer knows, a fault) says nothing of the page's size.
  /** The largest size not refused, once one was. */
  let accepted: number | null = null
  const { page } = await patientPage({
    ask: (size) => fetch(size, after),
    first: ctx.facts.walkSize() ?? PAGE_SIZES[0],
    onSmaller: (size, slow) => {
      if (slow) ctx.facts.capSlow(size)
      else accepted = size
    },
    ...options,
  })
  if (accepted !== null) ctx.facts.setPageSize(accepted)
  return page
}

/**
 * The largest page the API accepts, probed once per upstream with the unfiltered list (a family's filter may be
 * what the API refuses): ask high, step down where the API refuses a size (learned) or takes too long (for a while:
 * upstreamFacts' slow cap), and take a capped page (fewer rows than asked, more to come) as the cap. The probe's
 * answer is that list's first page at that size: the unfiltered family's round starts from it rather than asking
 * again.
 */
export async function ensurePageSize(
  ctx: ScanContext,
  family: Family,
  lane: Lane,
  onWait?: (reason: string | null) => void,
): Promise<{ size: number; firstPage: WalkPage<ApiRow> | null; calls: number }> {
  const known = ctx.facts.walkSize()
  if (known !== null) return { size: known, firstPage: null, calls: 0 }
  const fetch = fetcher(ctx, { ...family, metadata: [] }, lane)
  let calls = 0
  /** The largest size not refused: a size that only took too long is not a limit. */
  let accepted: number = PAGE_SIZES[0]
  let slow = false
  const { page, first } = await patientPage({
    ask: (size) => {
      calls += 1
      return fetch(size, null)
    },
    first: PAGE_SIZES[0],
    onWait,
    onSmaller: (size, tooSlow) => {
      if (tooSlow) slow = true
      else accepted = size
    },
  })
  const capped = page.hasNext === true && page.rows.length > 0 && page.rows.length < first
  ctx.facts.setPageSize(capped ? page.rows.length : accepted)
  if (slow) ctx.facts.capSlow(first)
  const size = capped ? page.rows.length : first
  return { size, firstPage: family.metadata.length === 0 ? page : null, calls }
}

/**
 * Takes a page's rows into the partition, as members of `family`, as the API said them at `askedAt` (when it was
 * asked for the page). Calls `onRow` for each member taken.
 */
export function takeRows(
  ctx: ScanContext,
  family: Family,
  rows: readonly ApiRow[],
  askedAt: number,
  onRow?: (id: string, wasMember: boolean) => void,
) {
  const seenAt = askedAt
  for (const apiRow of rows) {
    const row = readApiRow(apiRow, seenAt, ctx.partition.intern)
    if (!row) continue
    const wasMember = family.members.has(row.id)
    ctx.partition.upsert(row)
    if (ctx.partition.addMember(family, row)) onRow?.(row.id, wasMember)
  }
}
