import http from 'node:http'
import { DEFAULT_INDEX, settingsFromEnv, type DashboardSettings, type IndexSettings } from '../app/config.ts'
import { createDashboard, type Dashboard } from '../app/dashboard.ts'
import type { ProxyEvent } from '../http/events.ts'
import { createStreamTotal } from '../http/streamLimit.ts'
import type { Store } from '../store/store.ts'
import { parseUpstreamConfig, type UpstreamConfig } from '../upstream/config.ts'
import { close, listen } from './httpTestKit.ts'

export interface TestDashboardOptions {
  /** EXEC_API_URL, EXEC_API_TOKEN and any DASHBOARD_* setting. */
  env: Record<string, string | undefined>
  /** Instead of the one EXEC_API_URL and EXEC_API_TOKEN describe. */
  upstream?: UpstreamConfig
  settings?: Partial<DashboardSettings>
  /** The index runs only when given a store; its settings default to fast test values. */
  store?: Store
  index?: Partial<IndexSettings>
  bodyLimitBytes?: number
  /** One line per finished request, as the request log would write it. */
  log?: (line: string) => void
  onEvent?: (event: ProxyEvent) => void
  isDemo?: boolean
  /** Answers what /api leaves to the next handler. */
  fallback?: (req: http.IncomingMessage, res: http.ServerResponse) => void
}

export interface TestDashboard {
  url: string
  dashboard: Dashboard
  server: http.Server
  close(): Promise<void>
}

/** The dashboard's server on a free port, as `npm start` composes it, without static files. */
export async function startTestDashboard(options: TestDashboardOptions): Promise<TestDashboard> {
  const env: NodeJS.ProcessEnv = { ...options.env }
  const upstream = options.upstream ?? parseUpstreamConfig(env)
  const base = settingsFromEnv(env, { production: false, signInMode: upstream.token === null })
  const index: IndexSettings = { ...DEFAULT_INDEX, enabled: options.store !== undefined, ...options.index }
  // Reads are not reused between requests unless a test asks: most tests count what reaches the API.
  const settings: DashboardSettings = { ...base, reuseMs: 0, ...options.settings, index }
  const dashboard = await createDashboard({
    upstream,
    isDemo: options.isDemo ?? false,
    settings,
    store: options.store ?? null,
    bodyLimitBytes: options.bodyLimitBytes,
    streams: createStreamTotal(settings.maxStreams),
    onEvent: (event) => {
      options.onEvent?.(event)
      options.log?.(JSON.stringify(event))
    },
  })
  const fallback = options.fallback ?? ((_req: http.IncomingMessage, res: http.ServerResponse) => res.end())
  const server = http.createServer((req, res) => dashboard.handle(req, res, () => fallback(req, res)))
  const url = await listen(server)
  return {
    url,
    dashboard,
    server,
    close: async () => {
      await close(server)
      await dashboard.close()
    },
  }
}
