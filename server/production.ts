import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import {
  dashboardSettings,
  readSettings,
  requestLogEnv,
  upstreamEnv,
  type EnvSettings,
} from './app/config.ts'
import { createDashboards } from './app/dashboards.ts'
import { parseUpstreams } from './upstream/upstreams.ts'
import { connectionCap, limitConnections, openFilesLimit } from './http/connectionLimits.ts'
import { allowedHostsFrom, isAllowedHost } from './http/hostCheck.ts'
import { sendJsonError } from './http/json.ts'
import { sendStarting, STARTING, startingGate } from './http/startingGate.ts'
import { createMetrics, type Gauge } from './http/metrics.ts'
import { createRequestLogger, logBackgroundError, logProxyEvent } from './http/requestLog.ts'
import { htmlSecurityHeaders } from './http/securityHeaders.ts'
import { createStaticFiles } from './http/staticFiles.ts'
import { demoNote, describeUpstream, parseUpstreamConfig, type UpstreamConfig } from './upstream/config.ts'

/** Slow or idle clients cannot hold connections: headers within 10 s, a whole request within 30 s. */
const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 }

export interface ProductionOptions {
  /** For tests: shorter limits on slow clients. */
  timeouts?: typeof DEFAULT_TIMEOUTS
  port: number
  host: string
  distDir: string
  env?: NodeJS.ProcessEnv
  /** Start the built-in demo API when EXEC_API_URL is unset (only when asked: --demo or DEMO_API=1). */
  demo?: boolean
}

const DRAIN_GRACE_MS = 250
function sendPlain(res: http.ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' })
  res.end(body)
}

async function upstreamFor(env: NodeJS.ProcessEnv, values: EnvSettings, demo: boolean) {
  const named = parseUpstreams(upstreamEnv(values))
  if (named?.[0]) return { config: named[0].config, named, isDemo: false, close: async () => {} }
  if (values.EXEC_API_URL)
    return {
      config: parseUpstreamConfig(upstreamEnv(values)),
      named: null,
      isDemo: false,
      close: async () => {},
    }
  if (!demo) {
    throw new Error(
      'EXEC_API_URL is not set. Set it (and EXEC_API_TOKEN) to the Execution API (or EXEC_API_UPSTREAMS to several), or start the built-in demo API ' +
        'explicitly with `npm start -- --demo` or DEMO_API=1.',
    )
  }
  // Loaded only on request, so a production start never pulls in the demo API.
  const { resolveUpstream } = await import('./resolveUpstream.ts')
  return resolveUpstream({ ...env, EXEC_API_URL: '' })
}

/** Serves the built dashboard and the same /api proxy that `vite` and `vite preview` mount. */
export async function startProductionServer(options: ProductionOptions) {
  const env = options.env ?? process.env
  const values = readSettings(env)
  const upstream = await upstreamFor(env, values, options.demo ?? false)
  const signInMode = (upstream.named ?? [upstream]).some((named) => named.config.token === null)
  const cap = connectionCap(values.DASHBOARD_MAX_CONNECTIONS, openFilesLimit())
  // Streams never take the last quarter of the connections: requests (and health checks) always find room.
  const settings = {
    ...dashboardSettings(values, { production: true, signInMode }),
    maxStreams: Math.min(values.DASHBOARD_MAX_STREAMS, Math.floor(cap * 0.75)),
  }
  const indexHtml = readFileSync(path.join(options.distDir, 'index.html'), 'utf8')
  const https = settings.publicOrigin?.startsWith('https:') ?? false
  const staticFiles = createStaticFiles(options.distDir, htmlSecurityHeaders(indexHtml, { https }))
  const logger = createRequestLogger(requestLogEnv(values))
  let gauges: () => Gauge[] = () => []
  const metrics = values.DASHBOARD_METRICS ? createMetrics(() => gauges()) : null
  /** The dashboard once built (its store open): until then the server answers health, not requests. */
  let gate: ReturnType<typeof startingGate<Awaited<ReturnType<typeof createDashboards>>>> | null = null
  let allowedHosts = allowedHostsFrom(values.DASHBOARD_ALLOWED_HOSTS, {
    host: options.host,
    port: options.port,
  })
  let draining = false

  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS
  const server = http.createServer({ connectionsCheckingInterval: timeouts.checkEveryMs }, (req, res) => {
    try {
      if (!isAllowedHost(req, allowedHosts, settings.trust)) {
        req.resume()
        return sendJsonError(
          res,
          421,
          'misdirected_request',
          'This server does not answer to that host name.',
        )
      }
      // While draining, no connection is kept for another request.
      if (draining) res.setHeader('Connection', 'close')
      const pathname = (req.url ?? '/').split('?')[0] ?? '/'
      if (pathname === '/healthz') return sendPlain(res, 200, '{"status":"ok"}')
      if (pathname === '/metrics' && metrics) {
        void metrics.render().then(
          (text) => sendPlain(res, 200, text, metrics.contentType),
          () => sendPlain(res, 500, 'The metrics could not be read.', 'text/plain'),
        )
        return
      }
      if (metrics) {
        metrics.started()
        res.once('close', metrics.ended)
      }
      const ready = gate?.current() ?? null
      if (pathname === '/readyz') {
        if (!ready) return sendPlain(res, 503, JSON.stringify(STARTING))
        void ready.readiness
          .check(draining)
          .then(({ status, body }) => sendPlain(res, status, JSON.stringify(body)))
        return
      }
      const files = () => staticFiles(req, res, () => sendPlain(res, 404, 'Not found', 'text/plain'))
      if (ready) return ready.handle(req, res, files)
      // The page is served at once; the API's requests wait for the store, then go on (or hear it is starting).
      if (!pathname.startsWith('/api/')) return files()
      if (gate) gate.hold(res, (started) => started.handle(req, res, files))
      else sendStarting(res)
    } catch (error) {
      logger.error({ err_name: error instanceof Error ? error.name : typeof error }, 'request failed')
      sendJsonError(res, 500, 'internal_error', "The dashboard's server failed on this request.")
    }
  })
  server.headersTimeout = timeouts.headersMs
  server.requestTimeout = timeouts.requestMs
  server.keepAliveTimeout = 5_000
  limitConnections(server, {
    cap,
    perAddress: values.DASHBOARD_CONNECTIONS_PER_ADDRESS,
    trust: settings.trust,
  })
  server.listen(options.port, options.host)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  allowedHosts = allowedHostsFrom(values.DASHBOARD_ALLOWED_HOSTS, { host: options.host, port })
  // Listening first: /healthz answers while the store opens (seconds on a first start), /readyz says why not yet.
  const building = createDashboards({
    upstream: upstream.config,
    upstreams: upstream.named,
    isDemo: upstream.isDemo,
    settings,
    onEvent: (event) => {
      logProxyEvent(logger, event)
      metrics?.record(event)
    },
    onError: (what, error) => logBackgroundError(logger, what, error),
  })
  gate = startingGate(building)
  let built: Awaited<typeof building>
  try {
    built = await building
  } catch (error) {
    await new Promise((resolve) => server.close(resolve))
    server.closeAllConnections()
    await upstream.close()
    throw error
  }
  gauges = built.gauges
  const where = upstream.named
    ? upstream.named.map((named) => `${named.name}: ${describeUpstream(named.config)}`).join(', ')
    : describeUpstream(upstream.config)
  console.log(
    `Execution Dashboard at http://${options.host}:${port}/ → ${where}${upstream.isDemo ? ` (${demoNote(upstream.config)})` : ''}`,
  )

  /** Stops accepting, lets requests in flight finish (a reschedule gets its answer), then exits by the deadline. */
  const close = async (deadlineMs = values.DASHBOARD_SHUTDOWN_MS) => {
    draining = true
    // Live streams never finish on their own: end them, and their tabs reconnect (to another replica if any).
    built.endStreams()
    // net.Server's close, not http.Server's: that one also drops connections whose request has not been
    // read yet, which a load balancer has already sent (it then answers 502 instead of trying the next replica).
    const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve))
    // A connection accepted just before close() may not have sent its request yet, and Node counts it as
    // idle: give such requests a moment to arrive, then close connections as they fall idle.
    let sweep: NodeJS.Timeout | undefined
    const grace = setTimeout(() => {
      server.closeIdleConnections()
      sweep = setInterval(() => server.closeIdleConnections(), 50)
    }, DRAIN_GRACE_MS)
    const timer = setTimeout(() => server.closeAllConnections(), deadlineMs)
    await closed
    clearTimeout(grace)
    clearInterval(sweep)
    clearTimeout(timer)
    await built.close()
    await upstream.close()
  }
  return { port, close, server }
}

export type { UpstreamConfig }

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    const values = readSettings(process.env)
    const running = await startProductionServer({
      port: values.PORT,
      host: values.HOST,
      distDir: 'dist',
      demo: process.argv.includes('--demo') || values.DEMO_API,
    })
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void running.close().then(() => process.exit(0)))
    }
  } catch (error) {
    console.error(`Cannot start the dashboard: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
