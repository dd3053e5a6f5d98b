import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger, Plugin, ViteDevServer } from 'vite'
import { bundleServer, loadBundle } from './devServerBundle.ts'
import type { Middleware } from './routes/api.ts'
import { previewSecurityHeaders } from './http/securityHeaders.ts'
import { startingGate } from './http/startingGate.ts'
import { startStoreWorker } from './store/storeWorker.ts'

interface ServerLike {
  middlewares: { use(middleware: Middleware): unknown }
  config: { logger: Logger; root: string }
}

/** A dashboard mounted on a Vite server: its code loaded (or failed), and its closing. */
interface Mounted {
  loaded: Promise<unknown>
  close(): Promise<void>
}

/**
 * Mounts the dashboard's server on a Vite server without holding up its start: its code is loaded as Vite starts
 * listening, so `npm run dev` listens in the time a bare Vite takes.
 */
function mountDashboard(server: ServerLike): Mounted {
  // The settings as they are now, when Vite starts: a caller may change the environment once it has its server.
  const env = { ...process.env }
  let closed = false
  // A restarted server's store may wait for the old server's to let the directory go: closing ends that wait.
  const storeWait = new AbortController()
  // A server closed while its code loaded (a restart, a test that stops at once) starts no demo API or store.
  const unlessClosed = <T>(value: T): T => {
    if (closed) throw new Error('its Vite server closed before it was loaded')
    return value
  }
  // The store's thread loads PGlite while the server's code loads: most of a warm start's wait for its first answer.
  const storeWorker = startStoreWorker({ ahead: true })
  const bundles = bundleServer(server.config.root)
  const storeCode = bundles
    .then((paths) => loadBundle<typeof import('./viteStore.ts')>(paths.store))
    .then(unlessClosed)
  const storeOpening = storeCode.then(({ openViteStore }) =>
    openViteStore(env, storeWait.signal, storeWorker),
  )
  // Its failure is told through `built` (startViteDashboard waits for it) and close() waits it out; until either has
  // it, a store that fails while the rest still loads (closed during its wait, a directory in use) is not unhandled.
  // A thread no store opened in (the index off, a PostgreSQL, the code or the store failed) is ended here, where it
  // was started.
  storeOpening.then(
    (store) => {
      if (store?.kind !== 'embedded') void storeWorker.thread.terminate()
    },
    () => void storeWorker.thread.terminate(),
  )
  // The rest once the store has begun to open (its worker's start runs beside this import): imported together, the
  // two are parsed together and the store waits for both.
  const starting = Promise.all([bundles, storeCode])
    .then(([paths]) => loadBundle<typeof import('./viteDashboard.ts')>(paths.dashboard))
    .then(unlessClosed)
    .then(({ startViteDashboard }) => startViteDashboard(server.config.logger, env, storeOpening))
  // The page's own files go on to Vite at once; an API request waits for the server's code and its store.
  const built = starting.then((started) => started.built)
  built.catch((error: unknown) => {
    if (!closed)
      server.config.logger.error(
        `  ➜  The dashboard's server could not start: ${error instanceof Error ? error.message : String(error)}`,
      )
  })
  const gate = startingGate(built)
  let closing: Promise<void> | null = null
  // The dashboard first (it writes to its store as it closes), then the store, whichever of them came to be.
  const close = () =>
    (closing ??= (async () => {
      closed = true
      storeWait.abort(new Error('its Vite server closed before its store opened'))
      await starting.then(
        (dashboard) => dashboard.close(),
        () => {},
      )
      await storeOpening.then(
        (store) => store?.close(),
        () => {},
      )
    })())
  server.middlewares.use((req, res, next) => {
    const dashboard = gate.current()
    if (dashboard) return dashboard.handle(req, res, next)
    if (!(req.url ?? '/').startsWith('/api/')) return next()
    gate.hold(res, (built) => built.handle(req, res, next))
  })
  return { loaded: starting.catch(() => null), close }
}

/**
 * Ctrl-C closes the dev server before the process ends, as Vite does on SIGTERM: the store then shuts down cleanly
 * (nothing of its last second lost, no recovery at the next start). A second Ctrl-C ends the process at once.
 */
function closeOnInterrupt(server: ViteDevServer): () => void {
  const onInterrupt = () => {
    void server.close().finally(() => process.exit(130))
  }
  process.once('SIGINT', onInterrupt)
  return () => process.off('SIGINT', onInterrupt)
}

/**
 * The server's code (server/, and the shared/ it imports) is not part of the config, so Vite would not restart when
 * it changes, as it does for the config's own imports (those it still restarts for itself).
 */
function restartOnServerChange(server: ViteDevServer): void {
  const dirs = ['.', '../shared/'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)))
  const isServerCode = (file: string) =>
    dirs.some((dir) => file.startsWith(dir)) && /(?<!\.test)\.(ts|mjs)$/.test(file)
  server.watcher.on('change', (file) => {
    if (!isServerCode(file) || server.config.configFileDependencies.includes(file)) return
    server.config.logger.info(`${path.relative(process.cwd(), file)} changed, restarting server...`, {
      clear: true,
      timestamp: true,
    })
    server
      .restart()
      .catch((error: unknown) =>
        server.config.logger.error(
          `The dev server could not restart: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
  })
}

/**
 * Mounts the dashboard's server (the /api routes and, without EXEC_API_URL, the demo API) on `vite` and `vite
 * preview`. Vite waits for it to close (SIGTERM, a restart, a test's `close()`), its store included.
 */
export function dashboardServer(): Plugin {
  let mounted: Mounted | null = null
  let stopListening = () => {}
  return {
    name: 'execution-dashboard-server',
    configureServer: (server) => {
      mounted = mountDashboard(server)
      restartOnServerChange(server)
      stopListening = closeOnInterrupt(server)
    },
    closeServer: async () => {
      stopListening()
      await mounted?.close()
    },
    configurePreviewServer: async (server) => {
      // The production server's HTML headers (CSP without unsafe-inline, no framing), so e2e runs under them.
      const outDir = path.resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use(
        previewSecurityHeaders(() => readFileSync(path.join(outDir, 'index.html'), 'utf8')),
      )
      // `vite preview` is how tests start a dashboard: it is ready for them once it has its server's code.
      mounted = mountDashboard(server)
      await mounted.loaded
    },
    closePreviewServer: async () => {
      await mounted?.close()
    },
  }
}
