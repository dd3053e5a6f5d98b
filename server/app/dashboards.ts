import { createStreamTotal } from '../http/streamLimit.ts'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { UpstreamList } from '../../shared/upstreams.ts'
import { sendJsonError } from '../http/json.ts'
import type { Gauge } from '../http/metrics.ts'
import type { Middleware, NextFunction } from '../routes/api.ts'
import { openStore } from '../store/open.ts'
import type { Store } from '../store/store.ts'
import { describeUpstream } from '../upstream/config.ts'
import type { NamedUpstream } from '../upstream/upstreams.ts'
import { createDashboard, type Dashboard, type DashboardOptions } from './dashboard.ts'

const PREFIX = /^\/api\/u\/([^/?]+)(\/[^?]*)?(\?.*)?$/

/** One dashboard per API, or the one: what the servers (vite, preview, npm start) mount and drain. */
export interface DashboardSet {
  handle: Middleware
  readiness: Dashboard['readiness']
  store: Store | null
  first: Dashboard
  gauges: () => Gauge[]
  endStreams(): void
  close(): Promise<void>
}

/** Each dashboard's figures, labelled with its upstream when there are several (one series per API). */
function gaugesOf(named: [string | null, Dashboard][]): Gauge[] {
  const merged = new Map<string, Gauge>()
  for (const [name, dashboard] of named)
    for (const gauge of dashboard.gauges()) {
      const kept = merged.get(gauge.name) ?? { ...gauge, values: [] }
      const values = gauge.values.map((value) =>
        name === null ? value : { ...value, labels: { ...value.labels, upstream: name } },
      )
      merged.set(gauge.name, { ...kept, values: [...kept.values, ...values] })
    }
  return [...merged.values()]
}

function setOf(
  named: [string | null, Dashboard][],
  handle: Middleware,
  store: Store | null,
  ownStore: boolean,
): DashboardSet {
  const dashboards = named.map(([, dashboard]) => dashboard)
  const first = dashboards[0] as Dashboard
  return {
    handle,
    readiness: first.readiness,
    store,
    first,
    gauges: () => gaugesOf(named),
    endStreams() {
      for (const dashboard of dashboards) {
        dashboard.live.endStreams()
        dashboard.watches?.endStreams()
      }
    },
    async close() {
      for (const dashboard of dashboards) await dashboard.close()
      if (ownStore) await store?.close()
    },
  }
}

/**
 * The dashboards behind /api. With EXEC_API_UPSTREAMS, one per API, each with its own client, index partition,
 * live views, watches and session cookie, over one store: /api/u/<name>/… goes to that API's, /api/… to the first's,
 * and GET /api/upstreams says which there are (never a token). Without it, the one dashboard as before.
 */
export async function createDashboards(
  options: Omit<DashboardOptions, 'upstream' | 'upstreamName' | 'streams'> & {
    upstream: DashboardOptions['upstream']
    upstreams: NamedUpstream[] | null
  },
): Promise<DashboardSet> {
  const { upstreams, ...others } = options
  // One cap on streams for the process, whichever API's dashboard holds them.
  const rest = { ...others, streams: createStreamTotal(options.settings.maxStreams) }
  if (!upstreams) {
    const dashboard = await createDashboard(rest)
    return setOf([[null, dashboard]], dashboard.handle, dashboard.store, false)
  }
  const settings = options.settings
  const ownStore = options.store === undefined
  const store = options.store ?? (settings.index.enabled ? await openStore(settings) : null)
  const list: UpstreamList = {
    upstreams: upstreams.map((upstream) => ({
      name: upstream.name,
      api: describeUpstream(upstream.config),
      color: upstream.color,
      danger: upstream.danger,
      mode: upstream.config.token ? 'server-token' : 'sign-in',
    })),
    defaultName: upstreams[0]?.name ?? null,
  }
  const dashboards = new Map<string, Dashboard>()
  try {
    for (const upstream of upstreams)
      dashboards.set(
        upstream.name,
        await createDashboard({
          ...rest,
          upstream: upstream.config,
          upstreamName: upstream.name,
          upstreamList: list,
          store,
          settings: {
            ...settings,
            links: { ...settings.links, links: upstream.links ?? settings.links.links },
          },
        }),
      )
  } catch (error) {
    for (const dashboard of dashboards.values()) await dashboard.close()
    if (ownStore) await store?.close()
    throw error
  }
  const first = dashboards.get(list.defaultName ?? '') as Dashboard
  const decodedName = (raw: string): string | null => {
    try {
      return decodeURIComponent(raw)
    } catch {
      return null
    }
  }
  const handle: Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => {
    const url = req.url ?? ''
    const match = PREFIX.exec(url)
    if (!match) return first.handle(req, res, next)
    const name = decodedName(match[1] ?? '')
    if (name === null) {
      req.resume()
      return sendJsonError(
        res,
        400,
        'bad_request',
        `The API's name in this path is not valid percent-encoding.`,
      )
    }
    const dashboard = dashboards.get(name)
    if (!dashboard) {
      req.resume()
      return sendJsonError(
        res,
        404,
        'not_found',
        `This dashboard has no API named ${JSON.stringify(match[1])}; it has ${upstreams.map((upstream) => upstream.name).join(', ')}.`,
      )
    }
    req.url = `/api${match[2] ?? '/'}${match[3] ?? ''}`
    return dashboard.handle(req, res, next)
  }
  return setOf([...dashboards], handle, store, ownStore)
}
