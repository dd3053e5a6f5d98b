import type { Logger, Plugin } from 'vite'
import { sessionKeyFrom } from './auth/sealedCookie.ts'
import { createApiProxy, type Middleware } from './proxy/apiProxy.ts'
import { describeUpstream } from './proxy/upstreamConfig.ts'
import { resolveUpstream } from './resolveUpstream.ts'

interface ServerLike {
  middlewares: { use(middleware: Middleware): unknown }
  httpServer: { once(event: 'close', listener: () => void): unknown } | null
  config: { logger: Logger }
}

async function installProxy(server: ServerLike): Promise<void> {
  const upstream = await resolveUpstream()
  const logger = server.config.logger
  const where = describeUpstream(upstream.config)
  logger.info(
    upstream.isDemo
      ? `  ➜  Execution API: built-in demo at ${where} (set EXEC_API_URL to use a real deployment)`
      : `  ➜  Execution API: ${where}${upstream.config.token ? '' : ' (no EXEC_API_TOKEN: the browser must send one)'}`,
  )
  const verbose = process.env.EXEC_PROXY_LOG === '1'
  server.middlewares.use(
    createApiProxy({
      upstream: upstream.config,
      sessionKey: sessionKeyFrom(process.env.DASHBOARD_SESSION_KEY),
      log: (line) => {
        if (verbose) logger.info(`[api] ${line}`)
      },
    }),
  )
  server.httpServer?.once('close', () => void upstream.close())
}

/** Mounts the /api proxy (and, without EXEC_API_URL, the demo API) on `vite` and `vite preview`. */
export function dashboardServer(): Plugin {
  return {
    name: 'execution-dashboard-server',
    configureServer: (server) => installProxy(server),
    configurePreviewServer: (server) => installProxy(server),
  }
}
