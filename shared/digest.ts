/*
 * "Since you last looked": what changed in a view between a user's last look and now, from the server's index and
 * the audit trail. One shape for the server that computes it and the browser that shows it.
 */
import type { Coverage } from './coverage.ts'

/** At most this many ids per part; the count says how many there are. */
export const DIGEST_SAMPLE = 10

export interface DigestAnswer {
  /** Null on a first look at this view: there is nothing to compare with. */
  lastSeenAt: number | null
  generatedAt: number
  /** Away from the view at least this long (DASHBOARD_DIGEST_AWAY_MS) before the digest is worth showing. */
  awayMs: number
  /** Executions of the view (its metadata filters) that failed since the last look, by their updated_at. */
  newFailures: { count: number; ids: string[] }
  /** Reschedules by other users since the last look, newest first. */
  rescheduledByOthers: { count: number; records: { executionId: string; user: string; at: number }[] }
  /** Running longer than the usual (90th percentile) duration of the view's succeeded executions. */
  longRunning: { count: number; ids: string[]; usualMs: number | null; basis: number }
  /** How complete the index's view is, which the counts above are only as good as. */
  coverage: Coverage
}
