import type { IncomingMessage, ServerResponse } from 'node:http'
import type { UpstreamList } from '../../shared/upstreams.ts'
import type { ProxyEvent } from '../http/events.ts'
import { createSignInLimiter } from '../auth/signInLimiter.ts'
import { createExecutionIndex, type ExecutionIndex } from '../index/executionIndex.ts'
import { createLiveHub } from '../live/hub.ts'
import { NO_IDENTITY_SETTINGS } from '../audit/identity.ts'
import { createRescheduleGuard } from '../audit/rescheduleGuard.ts'
import { createAuditTrail, type AuditTrail } from '../audit/trail.ts'
import { auditRoute, whoamiRoute } from '../routes/audit.ts'
import { describeUpstream } from '../upstream/config.ts'
import { createStateSpellings } from '../upstream/stateSpellings.ts'
import type { Gauge } from '../http/metrics.ts'
import type { StreamTotal } from '../http/streamLimit.ts'
import { dashboardGauges } from './gauges.ts'
import { createApiRoutes, type Middleware, type RouteTable } from '../routes/api.ts'
import { createExportRoute } from '../routes/export.ts'
import { liveRoute } from '../routes/live.ts'
import { createLiveSides } from '../routes/liveSides.ts'
import { bulkRunReportRoute } from '../routes/bulkRunReport.ts'
import { idSetRoute } from '../routes/idSet.ts'
import { indexExecutionRoute } from '../routes/indexExecution.ts'
import { digestRoute, digestSeenRoute, type DigestRouteOptions } from '../routes/digest.ts'
import { indexListRoute } from '../routes/indexList.ts'
import { openapiRoute } from '../routes/openapi.ts'
import { overviewRoute } from '../routes/overview.ts'
import { createReadiness } from '../routes/readiness.ts'
import { relayRoutes } from '../routes/relayRoutes.ts'
import { sessionRoutes } from '../routes/session.ts'
import { ackRoute, triageRoute, undoAckRoute, type TriageRouteOptions } from '../routes/triage.ts'
import { upstreamsRoute } from '../routes/upstreams.ts'
import { createAckBook } from '../triage/ackBook.ts'
import { createVisitBook } from '../audit/visits.ts'
import { createShapeSampler } from '../triage/shapeSampler.ts'
import { openStore } from '../store/open.ts'
import type { Store } from '../store/store.ts'
import { createUpstreamClient } from '../upstream/client.ts'
import type { UpstreamConfig } from '../upstream/config.ts'
import { DEFAULT_INDEX, type DashboardSettings } from './config.ts'
import { linksRoute } from '../routes/links.ts'
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
  /** Which APIs there are (GET /api/upstreams); none but this one by default. */
  upstreamList?: UpstreamList
  /** The process's live streams, shared by every API's dashboard (createDashboards makes it). */
  streams: StreamTotal
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
  const spellings = createStateSpellings()
  try {
    if (indexSettings.enabled) {
      store ??= await openStore(settings)
      index = await createExecutionIndex({
        client,
        store,
        settings: indexSettings,
        onError,
        upstreamName: options.upstreamName,
        spellings,
      })
    }
  } catch (error) {
    client.close()
    if (options.store === undefined) await store?.close()
    throw error
  }
  const live = createLiveHub({ client, index, minMs: indexSettings.liveMinMs })
  /** Every spelling the API uses for a state: for every list body the server sends on. */
  const spell = (state: string) => spellings.spell(state)
  const auditDays = settings.auditDays ?? 90
  const trail = store ? createAuditTrail(store, trailScope(auditDays, options)) : null
  const acks = store && trail ? createAckBook(store, trail, { retentionDays: auditDays }) : null
  const visits = store ? createVisitBook(store, { retentionDays: auditDays }) : null
  const prune = () => {
    void trail?.prune().catch((error: unknown) => onError('pruning the audit trail', error))
    void visits?.prune().catch((error: unknown) => onError('pruning the views last seen', error))
    void acks?.prune().catch((error: unknown) => onError('pruning acknowledgements', error))
    void watching.prune()?.catch((error: unknown) => onError('pruning watch notices', error))
  }
  const { streams } = options
  const watching = createWatching({
    store,
    index,
    upstream,
    upstreamName: () => describeUpstream(upstream),
    settings,
    streams,
    onError,
  })
  prune()
  const pruning = setInterval(prune, 6 * 3_600_000)
  pruning.unref()
  const shapes = index
    ? createShapeSampler({ client, pageSize: () => index?.pageSize() ?? 100, onError })
    : null
  const triage: TriageRouteOptions = { index, acks, shapes, upstream: () => describeUpstream(upstream) }
  const sides = createLiveSides({ triage, trail, minMs: indexSettings.liveMinMs, client, onError })
  const digest: DigestRouteOptions = {
    index,
    awayMs: settings.digestAwayMs ?? 60_000,
    visits,
    trail,
    upstream: () => describeUpstream(upstream),
  }
  const session = sessionOf(options)
  const routes: RouteTable = {
    ...relayRoutes({
      session,
      spellings,
      observe: index
        ? (credentials, operation, body, answer) => index.observe(credentials, operation, body, answer)
        : undefined,
      guard: createRescheduleGuard({ trail, onError: (error) => onError('writing the audit trail', error) }),
    }),
    ...sessionRoutes({
      client,
      session,
      isDemo: options.isDemo,
      limiter: createSignInLimiter(settings.signInAttemptsPerMinute),
    }),
    upstreams: upstreamsRoute(options.upstreamList ?? { upstreams: [], defaultName: null }),
    openapi: openapiRoute(session.cookie),
    whoami: whoamiRoute(trail !== null),
    links: linksRoute(settings.links),
    exportExecutions: createExportRoute({
      client,
      index,
      maxRows: settings.exportMaxRows,
      pageSize: () => index?.pageSize() ?? 100,
      spell,
      links: settings.links,
    }),
    overview: overviewRoute(index),
    indexList: indexListRoute(index, trail),
    indexExecution: indexExecutionRoute(index),
    idSet: idSetRoute(index, spell),
    live: liveRoute({
      hub: live,
      index,
      spell,
      trust: settings.trust,
      streams: { perAddress: settings.streamsPerAddress, total: streams },
      sides,
      watches: watching.follower,
    }),
    triage: triageRoute(triage),
    acknowledge: ackRoute(triage),
    undoAcknowledge: undoAckRoute(triage),
    audit: auditRoute(trail, settings.exportMaxRows),
    bulkRunReport: bulkRunReportRoute(trail, index),
    digest: digestRoute(digest),
    digestSeen: digestSeenRoute(digest),
    ...watching.routes,
  }
  const handle = createApiRoutes({
    routes,
    session,
    origin: { trust: settings.trust, publicOrigin: settings.publicOrigin },
    trust: settings.trust,
    identity: settings.identity ?? NO_IDENTITY_SETTINGS,
    upstream: {
      client,
      // Read when a route asks (describing a broken configuration throws: that request fails, not the server).
      get name() {
        return describeUpstream(upstream)
      },
    },
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
