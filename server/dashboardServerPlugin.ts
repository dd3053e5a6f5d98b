import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Logger, Plugin } from 'vite'
import { previewSecurityHeaders } from './http/securityHeaders.ts'
import { proxyOptionsFromEnv } from './dashboardConfig.ts'
import { createRequestLogger, logProxyEvent } from './http/requestLog.ts'
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
  const requestLogger = createRequestLogger()
  server.middlewares.use(
    createApiProxy({
      ...proxyOptionsFromEnv(upstream.config, upstream.isDemo, { production: false }),
      onEvent: (event) => logProxyEvent(requestLogger, event),
    }),
  )
  server.httpServer?.once('close', () => void upstream.close())
}

/** Mounts the /api proxy (and, without EXEC_API_URL, the demo API) on `vite` and `vite preview`. */
export function dashboardServer(): Plugin {
  return {
    name: 'execution-dashboard-server',
    configureServer: (server) => installProxy(server),
    configurePreviewServer: async (server) => {
      // The production server's HTML headers (CSP without unsafe-inline, no framing), so e2e runs under them.
      const outDir = path.resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use(
        previewSecurityHeaders(() => readFileSync(path.join(outDir, 'index.html'), 'utf8')),
      )
      await installProxy(server)
    },
  }
}
