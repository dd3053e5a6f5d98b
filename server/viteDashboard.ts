import type { Logger } from 'vite'
import { dashboardSettings, readSettings, requestLogEnv } from './app/config.ts'
import { createDashboards } from './app/dashboards.ts'
import { createRequestLogger, logBackgroundError, logProxyEvent } from './http/requestLog.ts'
import { demoNote, describeUpstream } from './upstream/config.ts'
import { resolveUpstream } from './resolveUpstream.ts'
import type { Store } from './store/store.ts'

/** The dashboard's server as `vite` and `vite preview` mount it: being built (its store opening), and its end. */
export interface ViteDashboard {
  built: ReturnType<typeof createDashboards>
  close(): Promise<void>
}

/**
 * Starts the upstream (the demo API without EXEC_API_URL) and begins building the dashboard in front of it, over
 * the store being opened meanwhile (viteStore.ts; its opener closes it).
 */
export async function startViteDashboard(
  logger: Logger,
  env: NodeJS.ProcessEnv,
  storeOpening: Promise<Store | null>,
): Promise<ViteDashboard> {
  const upstream = await resolveUpstream(env)
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
  const values = readSettings(env)
  const requestLogger = createRequestLogger(requestLogEnv(values))
  const settings = dashboardSettings(values, {
    production: false,
    signInMode: (upstream.named ?? [upstream]).some((named) => named.config.token === null),
  })
  const building = storeOpening.then((store) =>
    createDashboards({
      upstream: upstream.config,
      upstreams: upstream.named,
      isDemo: upstream.isDemo,
      settings,
      onEvent: (event) => logProxyEvent(requestLogger, event),
      onError: (what, error) => logBackgroundError(requestLogger, what, error),
      store,
    }),
  )
  let closing: Promise<void> | null = null
  const closeUpstream = () => (closing ??= upstream.close())
  building.then(
    (dashboard) => {
      if (dashboard.store)
        logger.info(`  ➜  Index store: ${dashboard.store.kind} at ${dashboard.store.where}`)
    },
    // Said by the plugin, which hears of every way the start can fail.
    () => void closeUpstream(),
  )
  return {
    built: building,
    // Closed even while it is still being built (a test that starts and stops a server at once).
    close: () => building.then((dashboard) => dashboard.close()).then(closeUpstream, closeUpstream),
  }
}
