import type { ProxyEvent } from './events.ts'

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

type Labels = Record<string, string>
const key = (labels: Labels) =>
  Object.entries(labels)
    .map(([name, value]) => `${name}="${value.replace(/["\\\n]/g, '_')}"`)
    .join(',')

/** A gauge read when /metrics is asked: a name, its help, and its values by labels. */
export interface Gauge {
  name: string
  help: string
  values: { labels: Labels; value: number }[]
}

/** Prometheus text metrics, kept in memory; small and dependency-free. `gauges` adds the dashboard's own. */
export function createMetrics(gauges: () => Gauge[] = () => []) {
  const requests = new Map<string, number>()
  const upstreamErrors = new Map<string, number>()
  const signIns = new Map<string, number>()
  const histograms = new Map<string, { buckets: number[]; sum: number; count: number }>()
  let inFlight = 0
  const bump = (map: Map<string, number>, labels: Labels) =>
    map.set(key(labels), (map.get(key(labels)) ?? 0) + 1)

  function record(event: ProxyEvent): void {
    bump(requests, { route: event.route, status: String(event.status) })
    const seconds = event.durationMs / 1000
    const histogram = histograms.get(event.route) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) histogram.buckets[index] = (histogram.buckets[index] ?? 0) + 1
    })
    histogram.sum += seconds
    histogram.count += 1
    histograms.set(event.route, histogram)
    if (event.detail?.startsWith('upstream_'))
      bump(upstreamErrors, { kind: event.detail.split(' ')[0] ?? '' })
    if (event.route === 'session' && event.method === 'POST') {
      bump(signIns, { outcome: event.status === 200 ? 'ok' : (event.detail ?? String(event.status)) })
    }
  }

  function render(): string {
    const lines: string[] = []
    const counter = (name: string, help: string, map: Map<string, number>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`)
      for (const [labels, value] of map) lines.push(`${name}{${labels}} ${value}`)
    }
    counter('dashboard_requests_total', 'API requests by operation and status.', requests)
    counter('dashboard_upstream_errors_total', 'Upstream failures by kind.', upstreamErrors)
    counter('dashboard_sign_in_attempts_total', 'Sign-in attempts by outcome.', signIns)
    lines.push('# HELP dashboard_request_duration_seconds API request latency by operation.')
    lines.push('# TYPE dashboard_request_duration_seconds histogram')
    for (const [route, histogram] of histograms) {
      BUCKETS.forEach((bound, index) =>
        lines.push(
          `dashboard_request_duration_seconds_bucket{route="${route}",le="${bound}"} ${histogram.buckets[index] ?? 0}`,
        ),
      )
      lines.push(`dashboard_request_duration_seconds_bucket{route="${route}",le="+Inf"} ${histogram.count}`)
      lines.push(`dashboard_request_duration_seconds_sum{route="${route}"} ${histogram.sum}`)
      lines.push(`dashboard_request_duration_seconds_count{route="${route}"} ${histogram.count}`)
    }
    lines.push(
      '# HELP dashboard_requests_in_flight Requests being served now.',
      '# TYPE dashboard_requests_in_flight gauge',
    )
    lines.push(`dashboard_requests_in_flight ${inFlight}`)
    for (const gauge of gauges()) {
      lines.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`)
      for (const { labels, value } of gauge.values) {
        const text = key(labels)
        lines.push(`${gauge.name}${text ? `{${text}}` : ''} ${value}`)
      }
    }
    return `${lines.join('\n')}\n`
  }

  return {
    record,
    render,
    started: () => (inFlight += 1),
    ended: () => (inFlight -= 1),
  }
}
