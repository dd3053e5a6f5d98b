import { collectDefaultMetrics, Counter, Gauge as PromGauge, Histogram, Registry } from 'prom-client'
import type { ProxyEvent } from './events.ts'

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** The prefix of the process's own figures (event-loop lag, heap, GC, CPU, handles) beside the dashboard's. */
export const PROCESS_PREFIX = 'dashboard_'

type Labels = Record<string, string>

/** A gauge read when /metrics is asked: a name, its help, and its values by labels. */
export interface Gauge {
  name: string
  help: string
  values: { labels: Labels; value: number }[]
}

/** The dashboard's own gauges in the registry, each made when first read and remade if it gains a label. */
function bridgeGauges(registry: Registry) {
  const made = new Map<string, { metric: PromGauge; labelNames: string[] }>()
  return (gauge: Gauge) => {
    const labelNames = [...new Set(gauge.values.flatMap((value) => Object.keys(value.labels)))]
    let kept = made.get(gauge.name)
    if (!kept || labelNames.some((name) => !kept?.labelNames.includes(name))) {
      if (kept) registry.removeSingleMetric(gauge.name)
      kept = {
        metric: new PromGauge({ name: gauge.name, help: gauge.help, labelNames, registers: [registry] }),
        labelNames,
      }
      made.set(gauge.name, kept)
    }
    kept.metric.reset()
    for (const { labels, value } of gauge.values) kept.metric.set(labels, value)
  }
}

/**
 * Prometheus metrics with prom-client, in a registry of this server's own: requests by route and status and their
 * durations, upstream errors, sign-ins, requests in flight, `gauges` (the dashboard's own, read when /metrics is
 * asked), and the process's (event-loop lag, heap, GC) under PROCESS_PREFIX.
 */
export function createMetrics(gauges: () => Gauge[] = () => []) {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: PROCESS_PREFIX })
  const requests = new Counter({
    name: 'dashboard_requests_total',
    help: 'API requests by operation and status.',
    labelNames: ['route', 'status'],
    registers,
  })
  const upstreamErrors = new Counter({
    name: 'dashboard_upstream_errors_total',
    help: 'Upstream failures by kind.',
    labelNames: ['kind'],
    registers,
  })
  const signIns = new Counter({
    name: 'dashboard_sign_in_attempts_total',
    help: 'Sign-in attempts by outcome.',
    labelNames: ['outcome'],
    registers,
  })
  const durations = new Histogram({
    name: 'dashboard_request_duration_seconds',
    help: 'API request latency by operation.',
    labelNames: ['route'],
    buckets: BUCKETS,
    registers,
  })
  const inFlight = new PromGauge({
    name: 'dashboard_requests_in_flight',
    help: 'Requests being served now.',
    registers,
  })
  const bridge = bridgeGauges(registry)

  function record(event: ProxyEvent): void {
    requests.inc({ route: event.route, status: String(event.status) })
    durations.observe({ route: event.route }, event.durationMs / 1000)
    if (event.detail?.startsWith('upstream_')) upstreamErrors.inc({ kind: event.detail.split(' ')[0] ?? '' })
    if (event.route === 'session' && event.method === 'POST')
      signIns.inc({ outcome: event.status === 200 ? 'ok' : (event.detail ?? String(event.status)) })
  }

  return {
    record,
    /** The text format; lines read `name value` or `name{labels} value`. */
    async render(): Promise<string> {
      for (const gauge of gauges()) bridge(gauge)
      return registry.metrics()
    },
    contentType: registry.contentType,
    started: () => inFlight.inc(),
    ended: () => inFlight.dec(),
  }
}
