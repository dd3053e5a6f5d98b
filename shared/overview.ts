import type { ListFilters } from './filters.ts'
import { readCoverage, type Coverage } from './coverage.ts'
import { KNOWN_EXECUTION_STATES, type KnownExecutionState } from './states.ts'
import { isRecord, notRead, type ReadResult } from './readResult.ts'

/*
 * The overview answer as the server sends it (GET /api/overview, and the `overview` event of /api/live), and the
 * browser's reader of it. The server builds it; the types are here so both sides name the same fields.
 */

export type { Coverage } from './coverage.ts'

/** What a list from the index may be missing while its coverage is not exact, in words; null when exact. */
export function coverageDoubtText(coverage: Coverage): string | null {
  switch (coverage.kind) {
    case 'exact':
      return null
    case 'counting':
      return `the index is still counting (${coverage.executions.toLocaleString('en-US')} executions seen so far)`
    case 'at_least':
      return `the index holds at least ${coverage.executions.toLocaleString('en-US')} executions of these filters, not all (${coverage.reason})`
    case 'failed':
      return `the index could not list these filters: ${coverage.reason}`
  }
}

export type OrderKind = 'created_desc' | 'created_asc' | 'none' | 'unknown'

export interface CoverageNotes {
  /** Rows the API returned for this view that contradict its filters: left out and counted. */
  excluded: number
  /** Executions that finished without the index seeing how; their outcome is being checked. */
  pending: number
  /** Whether the API lists executions newest first (so new ones are found on its first pages). */
  order: OrderKind
  /** Set while refreshing fails: since when, and why (the counts are then as of `asOf`). */
  refreshFailing: { since: number; reason: string } | null
  /**
   * Set while verifying again is held up (the API asks to wait, or the last round stopped early): since when, and
   * why. The counts stay verified as of `asOf`, which grows older meanwhile.
   */
  verifyTrouble?: { since: number; reason: string } | null
  /**
   * Set while the server reads the index back from its store after a start, which it last wrote at `writtenAt`.
   * Over any time the counts are the index's as it wrote them (no histogram yet); within a window (coverage
   * `counting`) they are of the executions read back so far.
   */
  readBack?: { writtenAt: number } | null
}

export interface HistogramBucket {
  start: number
  known: Record<KnownExecutionState, number>
  /** Unknown states and outcomes still being checked. */
  other: number
}

export interface Histogram {
  field: 'created' | 'updated'
  bucketMs: number
  start: number
  end: number
  buckets: HistogramBucket[]
}

export interface OverviewAnswer {
  filters: ListFilters
  /** The window counted, as instants (null: open), or null for any time. */
  window: { from: number | null; to: number | null; field: 'created' | 'updated' } | null
  /** With a window: executions without a usable time, which no window holds. */
  undated: number
  /** With a window that has a start: active executions of these filters from before it. */
  runningBefore: number
  /** Over the window (or the whole set), stacked by state; null when there is nothing to draw or it was not asked. */
  histogram: Histogram | null
  counts: Record<KnownExecutionState, number>
  /** Unknown states, as the API spells them. */
  other: Record<string, number>
  /** Finished executions whose outcome is being checked (in `total`, in no state). */
  pending: number
  total: number
  coverage: Coverage
  notes: CoverageNotes
  /** Whether this replica keeps this index, or reads the one another replica keeps. */
  scanner: 'this replica' | 'another replica' | 'not known yet'
  generatedAt: number
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/**
 * Checks what the overview is drawn from: the counts, the total and the coverage. A field the strip does not
 * need to be truthful (the histogram, notes) is taken as sent when its shape is right, else left out.
 */
export function readOverviewAnswer(payload: unknown): ReadResult<OverviewAnswer> {
  if (!isRecord(payload)) return notRead('expected an object')
  const problems: { path: string; message: string }[] = []
  const counts = payload['counts']
  if (!isRecord(counts) || !KNOWN_EXECUTION_STATES.every((state) => isCount(counts[state])))
    problems.push({ path: 'counts', message: 'expected a count for each known state' })
  if (!isCount(payload['total'])) problems.push({ path: 'total', message: 'expected a count' })
  if (readCoverage(payload['coverage']) === null)
    problems.push({
      path: 'coverage',
      message: 'expected exact, at_least, counting or failed with a whole number of executions',
    })
  if (problems.length > 0) return { ok: false, problems }
  const histogram = payload['histogram']
  const other = payload['other']
  return {
    ok: true,
    value: {
      ...(payload as unknown as OverviewAnswer),
      other: isRecord(other)
        ? (Object.fromEntries(Object.entries(other).filter(([, n]) => isCount(n))) as Record<string, number>)
        : {},
      histogram:
        isRecord(histogram) && Array.isArray(histogram['buckets'])
          ? (histogram as unknown as Histogram)
          : null,
      undated: isCount(payload['undated']) ? payload['undated'] : 0,
      runningBefore: isCount(payload['runningBefore']) ? payload['runningBefore'] : 0,
      pending: isCount(payload['pending']) ? payload['pending'] : 0,
      notes: isRecord(payload['notes'])
        ? (payload['notes'] as unknown as CoverageNotes)
        : { excluded: 0, pending: 0, order: 'unknown', refreshFailing: null },
    },
  }
}
