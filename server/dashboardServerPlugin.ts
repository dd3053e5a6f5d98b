import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Logger, Plugin } from 'vite'
import { dashboardSettings, readSettings, requestLogEnv } from './app/config.ts'
import { createDashboards } from './app/dashboards.ts'
import type { Middleware } from './routes/api.ts'
import { createRequestLogger, logBackgroundError, logProxyEvent } from './http/requestLog.ts'
import { previewSecurityHeaders } from './http/securityHeaders.ts'
import { startingGate } from './http/startingGate.ts'
import { demoNote, describeUpstream } from './upstream/config.ts'
import { resolveUpstream } from './resolveUpstream.ts'

interface ServerLike {
  middlewares: { use(middleware: Middleware): unknown }
  httpServer: { once(event: 'close', listener: () => void): unknown } | null
  config: { logger: Logger }
}

async function installDashboard(server: ServerLike): Promise<void> {
  const upstream = await resolveUpstream()
  const logger = server.config.logger
  const where = upstream.named
    ? upstream.named
        .map((named) => `${named.name} ${describeUpstream(named.config)} (/u/${named.name}/)`)
        .join(', ')
    : describeUpstream(upstream.config)
  logger.info(
    upstream.isDemo
      ? `  ➜  Execution API: built-in demo at ${where} (${demoNote(upstream.config)}; set EXEC_API_URL to use a real deployment)`
      : `  ➜  Execution API: ${where}${upstream.config.token ? '' : ' (no EXEC_API_TOKEN: users sign in)'}`,
  )
  const values = readSettings(process.env)
  const requestLogger = createRequestLogger(requestLogEnv(values))
  const settings = dashboardSettings(values, {
    production: false,
    signInMode: (upstream.named ?? [upstream]).some((named) => named.config.token === null),
  })
  // Not awaited: Vite listens, and serves the page and its modules, while the store opens (a second or more); the
  // API's requests wait for it, as the production server's do.
  const building = createDashboards({
    upstream: upstream.config,
    upstreams: upstream.named,
    isDemo: upstream.isDemo,
    settings,
    onEvent: (event) => logProxyEvent(requestLogger, event),
    onError: (what, error) => logBackgroundError(requestLogger, what, error),
  })
  const gate = startingGate(building)
  let closing: Promise<void> | null = null
  const closeUpstream = () => (closing ??= upstream.close())
  building.then(
    (dashboard) => {
      if (dashboard.store)
        logger.info(`  ➜  Index store: ${dashboard.store.kind} at ${dashboard.store.where}`)
    },
    (error: unknown) => {
      logger.error(
        `  ➜  The dashboard's server could not start: ${error instanceof Error ? error.message : String(error)}`,
      )
      void closeUpstream()
    },
  )
  // Closed even while it is still being built (a test that starts and stops a server at once).
  server.httpServer?.once(
    'close',
    () => void building.then((dashboard) => dashboard.close()).then(closeUpstream, closeUpstream),
  )
  server.middlewares.use((req, res, next) => {
    const dashboard = gate.current()
    if (dashboard) return dashboard.handle(req, res, next)
    if (!(req.url ?? '/').startsWith('/api/')) return next()
    gate.hold(res, (built) => built.handle(req, res, next))
  })
}

/** Mounts the dashboard's server (the /api routes and, without EXEC_API_URL, the demo API) on `vite` and `vite preview`. */
export function dashboardServer(): Plugin {
  return {
    name: 'execution-dashboard-server',
    configureServer: (server) => installDashboard(server),
    configurePreviewServer: async (server) => {
      // The production server's HTML headers (CSP without unsafe-inline, no framing), so e2e runs under them.
      const outDir = path.resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use(
        previewSecurityHeaders(() => readFileSync(path.join(outDir, 'index.html'), 'utf8')),
      )
      await installDashboard(server)
    },
  }
}
