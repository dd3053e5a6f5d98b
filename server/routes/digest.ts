import { LRUCache } from 'lru-cache'
import type { DigestAnswer } from '../../shared/digest.ts'
import { DIGEST_SAMPLE } from '../../shared/digest.ts'
import { filtersKey } from '../../shared/filtersKey.ts'
import type { AuditTrail } from '../audit/trail.ts'
import type { VisitBook } from '../audit/visits.ts'
import type { Credentials } from '../auth/credentials.ts'
import { sendJson } from '../http/json.ts'
import { failuresSince, runningLong } from '../index/digestFacts.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { IndexedExecution } from '../index/rows.ts'
import type { RequestContext, RouteHandler } from './context.ts'
import { refuseWithoutIndex } from './overview.ts'

/** Reschedules by others read per digest: the count says when there were more. */
const TRAIL_READ = 500
/** How long one reading of what runs long serves a view (the index refreshes every few seconds anyway). */
const REUSE_MS = 5_000

export interface DigestRouteOptions {
  index: ExecutionIndex | null
  /** How long away from a view before the browser shows the digest. */
  awayMs: number
  visits: VisitBook | null
  trail: AuditTrail | null
  /** The upstream as the audit trail names it. */
  upstream: () => string
  now?: () => number
}

/** What both routes start with: the index and the store, the view's filters as one key, and who asks. */
function readRequest(options: DigestRouteOptions, context: RequestContext<'digest' | 'digestSeen'>) {
  const { index, visits } = options
  if (!index || !visits) return { ok: false as const, refusal: refuseWithoutIndex(context.res) }
  const { filters } = context.view
  return {
    ok: true as const,
    index,
    visits,
    filters,
    key: filtersKey(filters),
    who: context.identity,
    upstream: options.upstream(),
  }
}

async function othersReschedules(trail: AuditTrail | null, since: number, me: string) {
  if (!trail) return { count: 0, records: [] }
  const { records } = await trail.list({ kind: 'reschedule', from: since, first: TRAIL_READ })
  const others = records.filter((record) => record.user !== me && record.outcome !== 'not_permitted')
  return {
    count: others.length,
    records: others
      .slice(0, DIGEST_SAMPLE)
      .map((record) => ({ executionId: record.executionId, user: record.user, at: record.at })),
  }
}

/**
 * GET /api/digest?<filters>: what changed in the view since this user last looked (POST /api/digest/seen records a
 * look): new failures and executions running long, from the index over the view's metadata filters, and reschedules
 * by others, from the audit trail. A first look has nothing to compare with (`lastSeenAt` null).
 */
export function digestRoute(options: DigestRouteOptions): RouteHandler<'digest'> {
  const now = options.now ?? Date.now
  // Sorting a million durations takes a while: one reading per view and index version serves every arrival for a
  // few seconds, however many tabs (or a client in a loop) ask.
  const usual = new LRUCache<string, { at: number; value: ReturnType<typeof runningLong> }>({ max: 200 })
  const runningLongOf = async (
    index: ExecutionIndex,
    credentials: Credentials,
    metadataKey: string,
    rows: IndexedExecution[],
  ) => {
    const { partition, version } = await index.version(credentials)
    const key = `${partition} ${version} ${metadataKey}`
    const kept = usual.get(key)
    if (kept && now() - kept.at < REUSE_MS) return kept.value
    const value = runningLong(rows, now())
    usual.set(key, { at: now(), value })
    return value
  }
  return async (context) => {
    const { res, credentials } = context
    const asked = readRequest(options, context)
    if (!asked.ok) return asked.refusal
    const { index, visits, filters, key, who, upstream } = asked
    const lastSeenAt = await visits.lastSeen(upstream, who.user, key)
    const at = now()
    const { rows, coverage } = await index.rows(credentials, { states: [], metadata: filters.metadata })
    const answer: DigestAnswer = {
      lastSeenAt,
      generatedAt: at,
      awayMs: options.awayMs,
      newFailures: lastSeenAt === null ? { count: 0, ids: [] } : failuresSince(rows, lastSeenAt),
      rescheduledByOthers:
        lastSeenAt === null
          ? { count: 0, records: [] }
          : await othersReschedules(options.trail, lastSeenAt, who.user),
      longRunning: await runningLongOf(
        index,
        credentials,
        filtersKey({ states: [], metadata: filters.metadata }),
        rows,
      ),
      coverage,
    }
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, answer)
    return { status: 200, route: 'overview' }
  }
}

/**
 * POST /api/digest/seen?<filters>: this user looked at the view. What they saw is what the index knew: the look is
 * recorded as of the index's last complete refresh of the view (a failure it has not learned yet stays new), and not
 * at all while its coverage is not exact (`seenAt` null: the last look stands).
 */
export function digestSeenRoute(options: DigestRouteOptions): RouteHandler<'digestSeen'> {
  const now = options.now ?? Date.now
  return async (context) => {
    const { res, credentials } = context
    const asked = readRequest(options, context)
    if (!asked.ok) return asked.refusal
    const { index, visits, filters, key, who, upstream } = asked
    const { coverage } = await index.overview(credentials, { states: [], metadata: filters.metadata })
    if (coverage.kind !== 'exact') {
      sendJson(res, 200, { seenAt: null, reason: 'the index does not hold the whole view yet' })
      return { status: 200, route: 'overview', detail: 'not exact' }
    }
    const at = Math.min(now(), coverage.asOf)
    await visits.markSeen(upstream, who.user, key, at)
    sendJson(res, 200, { seenAt: at })
    return { status: 200, route: 'overview' }
  }
}
