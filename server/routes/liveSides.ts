import type { ListFilters } from '../../shared/filters.ts'
import type { TimeWindow } from '../../shared/timeWindow.ts'
import type { AuditTrail } from '../audit/trail.ts'
import type { Credentials } from '../auth/credentials.ts'
import { digest } from '../live/hub.ts'
import { createHealthFeed } from '../live/healthFeed.ts'
import { createSharedFeeds } from '../live/sharedFeed.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { recentReschedules } from './audit.ts'
import { triageSummary, type TriageRouteOptions } from './triage.ts'

/** The overview polled its failure count at least this often; the stream keeps to it. */
const FAILURES_MOST_MS = 5_000

/**
 * What a tab's live stream carries beside its list and overview: the failure groups' summary of its view
 * (`failures`), the trail's recent reschedules its rows are marked with (`marks`), and whether the API answers
 * (`health`, live/healthFeed.ts). Each is read once per
 * interval for every tab that shares it, and a tab hears it only when it changed: the tab polls for neither.
 */
export function createLiveSides(options: {
  triage: TriageRouteOptions
  trail: AuditTrail | null
  minMs: number
  /** Whether the API answers (`health`), from the upstream client's calls; absent, no health is said. */
  client?: UpstreamClient
  onError?: (what: string, error: unknown) => void
}) {
  const { triage, trail, onError } = options
  const failures = createSharedFeeds({
    name: 'failures',
    minMs: options.minMs,
    mostMs: FAILURES_MOST_MS,
    failed: 'The failure groups could not be counted.',
    // A summary says when it was computed: that alone is not news.
    changeOf: (data) => JSON.stringify({ ...(data as object), generatedAt: 0 }),
    onError: (error) => onError?.('counting the failure groups for a live stream', error),
  })
  const marks = createSharedFeeds({
    name: 'marks',
    minMs: options.minMs,
    failed: 'The audit trail could not be read.',
    onError: (error) => onError?.('reading the audit trail for a live stream', error),
  })
  const health = options.client ? createHealthFeed(options.client) : null
  return {
    /** Sends the feeds of this view to `send` (those this server has); returns the unsubscribe. */
    subscribe(
      credentials: Credentials,
      view: { filters: ListFilters; window: TimeWindow },
      everyMs: number,
      send: (event: { event: string; data: unknown }) => void,
    ): () => void {
      const stops: (() => void)[] = []
      if (triage.index && triage.acks) {
        const key = `${digest(credentials.authorization)} ${JSON.stringify(view)}`
        const read = () => triageSummary(triage, credentials, view)
        stops.push(failures.subscribe(key, read, { everyMs, send }))
      }
      if (trail) stops.push(marks.subscribe('recent', () => recentReschedules(trail), { everyMs, send }))
      if (health) stops.push(health.subscribe(credentials, (data) => send({ event: 'health', data })))
      return () => {
        for (const stop of stops) stop()
      }
    },
    stats: () => ({ failures: failures.stats(), marks: marks.stats() }),
    close() {
      failures.close()
      marks.close()
      health?.close()
    },
  }
}

export type LiveSides = ReturnType<typeof createLiveSides>
