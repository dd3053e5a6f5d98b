import { flag, number, oneOf, text } from './kinds.ts'

/** pino's levels; the docs name the five an operator needs. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const

export const logSettings = {
  EXEC_PROXY_LOG: flag({
    group: 'logs',
    default: '0',
    description:
      "1: log one line per proxied request (method, the operation's name rather than its path (so no " +
      'execution id), status, time and request id; never headers, bodies or tokens).',
  }),
  LOG_LEVEL: oneOf(
    {
      group: 'logs',
      defaultText: '`warn` (`info` with `EXEC_PROXY_LOG=1`)',
      description: "The server log's level: `debug`, `info`, `warn`, `error`, `silent`.",
    },
    LOG_LEVELS,
  ),
  DASHBOARD_METRICS: flag({
    group: 'logs',
    default: '0',
    description:
      '`npm start` only, 1: Prometheus metrics at `/metrics`: requests by route and status and their ' +
      'durations, upstream errors, sign-ins, the index, live streams and memory as gauges, and the ' +
      "process's own (event-loop lag, heap, GC: prom-client's, prefixed `dashboard_`).",
  }),
}

const group = 'start'

/** Read by production.ts, the server `npm start` runs. */
export const startSettings = {
  HOST: text({ group, default: '127.0.0.1', description: 'The address `npm start` listens on.' }),
  PORT: number(
    { group, default: '4173', description: 'The port `npm start` listens on (0: any free one).' },
    { min: 0, max: 65_535 },
  ),
  DASHBOARD_ALLOWED_HOSTS: text({
    group,
    defaultText: 'its own `HOST:PORT`, and `localhost`, `127.0.0.1` and `[::1]` on that port',
    description:
      'Host names (optionally `:port`) the server answers to, a comma list. Others get 421 ' +
      '(`misdirected_request`).',
  }),
  DASHBOARD_SHUTDOWN_MS: number(
    {
      group,
      default: '10000',
      description: 'On SIGTERM, how long requests in flight may take before connections are closed, in ms.',
    },
    { min: 0, unit: 'milliseconds' },
  ),
  DASHBOARD_MAX_CONNECTIONS: number(
    {
      group,
      default: '3000',
      description:
        "Cap on open connections, never more than the process's open-files limit allows (less 256). Near it, " +
        'idle kept-alive connections are closed. Headers must arrive within 10 s and a whole request within 30 s.',
    },
    { min: 16, unit: 'connections' },
  ),
  DASHBOARD_MAX_STREAMS: number(
    {
      group,
      default: '2000',
      description:
        'Cap on live streams (each tab holds up to two) across the process, kept below three quarters of the ' +
        'connection cap so requests always find room; past it, a new stream is answered 503 `too_many_streams` ' +
        'with Retry-After.',
    },
    { min: 1, unit: 'streams' },
  ),
  DASHBOARD_CONNECTIONS_PER_ADDRESS: number(
    {
      group,
      default: '200',
      description:
        "Open connections one client address may hold (a trusted proxy's are not counted); past it, a 503 " +
        '`too_many_connections`. For more users than one server holds, put several replicas behind a load ' +
        'balancer (see [Deployment](deployment.md)).',
    },
    { min: 1, unit: 'connections' },
  ),
  NODE_ENV: text({
    group,
    example: 'production',
    description:
      '`production`: `npm start` then refuses to run in sign-in mode (no `EXEC_API_TOKEN`) without ' +
      '`DASHBOARD_SESSION_KEY`.',
  }),
  DEMO_API: flag({
    group,
    default: '0',
    description:
      '1: start the built-in demo API when `EXEC_API_URL` is unset, as `npm start -- --demo` does. The header ' +
      'then says **Demo data**.',
  }),
}
