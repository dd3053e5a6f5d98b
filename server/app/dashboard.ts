import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ProxyEvent } from '../http/events.ts'
import { createSignInLimiter } from '../auth/signInLimiter.ts'
import { createExecutionIndex, type ExecutionIndex } from '../index/executionIndex.ts'
import { createLiveHub } from '../live/hub.ts'
import { identify, NO_IDENTITY_SETTINGS } from '../audit/identity.ts'
import { createRescheduleGuard } from '../audit/rescheduleGuard.ts'
import { createAuditTrail, type AuditTrail } from '../audit/trail.ts'
import { AUDIT_PATH, auditRoute, WHOAMI_PATH, whoamiRoute } from '../routes/audit.ts'
import { describeUpstream } from '../upstream/config.ts'
import type { Gauge } from '../http/metrics.ts'
import { dashboardGauges } from './gauges.ts'
import { createApiRoutes, type Middleware, type OwnRoute } from '../routes/api.ts'
import { createExportRoute, exportOwner } from '../routes/export.ts'
import { LIVE_PATH, liveRoute } from '../routes/live.ts'
import { createLiveSides } from '../routes/liveSides.ts'
import { BULK_RUN_REPORT_PATH, bulkRunReportRoute } from '../routes/bulkRunReport.ts'
import { ID_SET_PATH, idSetRoute } from '../routes/idSet.ts'
import { INDEX_EXECUTION_PATH, indexExecutionRoute } from '../routes/indexExecution.ts'
import {
  DIGEST_PATH,
  DIGEST_SEEN_PATH,
  digestRoute,
  digestSeenRoute,
  type DigestRouteOptions,
} from '../routes/digest.ts'
import { INDEX_LIST_PATH, indexListRoute } from '../routes/indexList.ts'
import { OVERVIEW_PATH, overviewRoute } from '../routes/overview.ts'
import { createReadiness } from '../routes/readiness.ts'
import {
  ACK_PATH,
  ackRoute,
  TRIAGE_PATH,
  triageRoute,
  UNDO_ACK_PATH,
  undoAckRoute,
  type TriageRouteOptions,
} from '../routes/triage.ts'
import { createAckBook } from '../triage/ackBook.ts'
import { createVisitBook } from '../audit/visits.ts'
import { createShapeSampler } from '../triage/shapeSampler.ts'
import { openStore } from '../store/open.ts'
import type { Store } from '../store/store.ts'
import { createUpstreamClient } from '../upstream/client.ts'
import type { UpstreamConfig } from '../upstream/config.ts'
import { DEFAULT_INDEX, type DashboardSettings } from './config.ts'
import { LINKS_PATH, linksRoute } from '../routes/links.ts'
import { createWatching } from './watching.ts'
import type { WatchFollower } from '../watch/follower.ts'

export interface DashboardOptions {
  upstream: UpstreamConfig
  isDemo: boolean
  settings: DashboardSettings
  onEvent?: (event: ProxyEvent) => void
  /** Reports a background failure (the index, the store) for the log. */
  onError?: (what: string, error: unknown) => void
  /** A store already open (tests); otherwise it is opened from the settings when the index is on. */
  store?: Store | null
  bodyLimitBytes?: number
  /** With several APIs (EXEC_API_UPSTREAMS): this one's name, in its index and its session cookie's name. */
  upstreamName?: string
}

export interface Dashboard {
  /** Connect-style middleware: /api, then `next` for everything else. */
  handle: Middleware
  readiness: ReturnType<typeof createReadiness>
  index: ExecutionIndex | null
  store: Store | null
  live: ReturnType<typeof createLiveHub>
  /** Who follows watches on this replica (null without the index and its store). */
  watches: WatchFollower | null
  /** The audit trail of reschedules, when there is a store. */
  trail: AuditTrail | null
  /** The dashboard's own figures for /metrics. */
  gauges: () => Gauge[]
  close(): Promise<void>
}

/** The session cookie's settings; with several APIs, a cookie of its own per API, so a token never reaches another. */
const sessionOf = ({ settings, upstreamName }: DashboardOptions) => ({
  keys: settings.sessionKeys,
  ttlMs: settings.sessionTtlMs,
  trust: settings.trust,
  ...(upstreamName ? { cookie: `exec_dashboard_session_${upstreamName}` } : {}),
})

/** With several APIs, each one's trail lists only its own records. */
const trailScope = (retentionDays: number, { upstream, upstreamName }: DashboardOptions) => ({
  retentionDays,
  ...(upstreamName ? { upstream: describeUpstream(upstream) } : {}),
})

/** The one composition root: the upstream client, the store, the index and the routes, for every server. */
export async function createDashboard(options: DashboardOptions): Promise<Dashboard> {
  const { settings, upstream } = options
  const onError = options.onError ?? (() => {})
  const client = createUpstreamClient(upstream, { budget: settings.budget, reuseMs: settings.reuseMs })
  const indexSettings = settings.index ?? DEFAULT_INDEX
  let store: Store | null = options.store ?? null
  let index: ExecutionIndex | null = null
  try {
    if (indexSettings.enabled) {
      store ??= await openStore({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir })
      index = await createExecutionIndex({
        client,
        store,
        settings: indexSettings,
        onError,
        upstreamName: options.upstreamName,
      })
    }
  } catch (error) {
    client.close()
    if (options.store === undefined) await store?.close()
    throw error
  }
  const live = createLiveHub({ client, index, minMs: indexSettings.liveMinMs })
  /** Every spelling the API uses for a state, as the index learned it: for list bodies the server sends on. */
  const spell = index ? (state: string) => index.spell(state) : undefined
  const auditDays = settings.auditDays ?? 90
  const trail = store ? createAuditTrail(store, trailScope(auditDays, options)) : null
  const identity = settings.identity ?? NO_IDENTITY_SETTINGS
  const acks = store && trail ? createAckBook(store, trail, { retentionDays: auditDays }) : null
  const visits = store ? createVisitBook(store, { retentionDays: auditDays }) : null
  const prune = () => {
    void trail?.prune().catch((error: unknown) => onError('pruning the audit trail', error))
    void visits?.prune().catch((error: unknown) => onError('pruning the views last seen', error))
    void acks?.prune().catch((error: unknown) => onError('pruning acknowledgements', error))
    void watching.prune()?.catch((error: unknown) => onError('pruning watch notices', error))
  }
  const watching = createWatching({
    store,
    index,
    upstream,
    upstreamName: () => describeUpstream(upstream),
    settings,
    identify: (req, credentials) => identify(req, credentials, settings.trust, identity),
    onError,
  })
  prune()
  const pruning = setInterval(prune, 6 * 3_600_000)
  pruning.unref()
  const shapes = index
    ? createShapeSampler({ client, pageSize: () => index?.pageSize() ?? 100, onError })
    : null
  const triage: TriageRouteOptions = {
    index,
    acks,
    shapes,
    upstream: () => describeUpstream(upstream),
    identify: (req, credentials) => identify(req, credentials, settings.trust, identity),
  }
  const sides = createLiveSides({ triage, trail, minMs: indexSettings.liveMinMs, onError })
  const digest: DigestRouteOptions = {
    index,
    awayMs: settings.digestAwayMs ?? 60_000,
    visits,
    trail,
    upstream: () => describeUpstream(upstream),
    identify: (req, credentials) => identify(req, credentials, settings.trust, identity),
  }
  const ownRoutes: Record<string, OwnRoute> = {
    [DIGEST_PATH]: digestRoute(digest),
    [TRIAGE_PATH]: triageRoute(triage),
    [LINKS_PATH]: linksRoute(settings.links),
    [OVERVIEW_PATH]: overviewRoute(index),
    [INDEX_LIST_PATH]: indexListRoute(index, trail),
    [INDEX_EXECUTION_PATH]: indexExecutionRoute(index),
    [ID_SET_PATH]: idSetRoute(
      client,
      index,
      (req, credentials) => identify(req, credentials, settings.trust, identity).refusal,
    ),
    [LIVE_PATH]: liveRoute(live, index, settings.trust, settings.streamsPerAddress, sides),
    [AUDIT_PATH]: auditRoute(trail, settings.exportMaxRows),
    [BULK_RUN_REPORT_PATH]: bulkRunReportRoute(trail, index),
    [WHOAMI_PATH]: whoamiRoute(identity, settings.trust, trail !== null),
    ...watching.routes,
  }
  const handle = createApiRoutes({
    client,
    session: sessionOf(options),
    origin: { trust: settings.trust, publicOrigin: settings.publicOrigin },
    limiter: createSignInLimiter(settings.signInAttemptsPerMinute),
    exportOwnerOf: (req, credentials) => {
      const who = identify(req, credentials, settings.trust, identity)
      return who.via === 'proxy header' ? `user:${who.user}` : exportOwner(req, credentials, settings.trust)
    },
    exportRoute: createExportRoute({
      client,
      index,
      maxRows: settings.exportMaxRows,
      pageSize: () => index?.pageSize() ?? 100,
      spell,
      links: settings.links,
    }),
    ownRoutes,
    ownActions: {
      [ACK_PATH]: ackRoute(triage),
      [UNDO_ACK_PATH]: undoAckRoute(triage),
      [DIGEST_SEEN_PATH]: digestSeenRoute(digest),
      ...watching.actions,
    },
    spell,
    observe: index
      ? (credentials, operation, body, answer) => index.observe(credentials, operation, body, answer)
      : undefined,
    guard: createRescheduleGuard({
      trail,
      identity,
      trust: settings.trust,
      upstream: () => describeUpstream(upstream),
      onError: (error) => onError('writing the audit trail', error),
    }),
    isDemo: options.isDemo,
    bodyLimitBytes: options.bodyLimitBytes,
    onEvent: options.onEvent,
  })
  return {
    handle,
    readiness: createReadiness(client),
    index,
    store,
    live,
    watches: watching.follower,
    gauges: dashboardGauges(client, index, live),
    trail,
    async close() {
      clearInterval(pruning)
      await watching.close()
      live.close()
      sides.close()
      shapes?.close()
      await acks?.close()
      await index?.close()
      client.close()
      if (options.store === undefined) await store?.close()
    },
  }
}

export type { IncomingMessage, ServerResponse }
