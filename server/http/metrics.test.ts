import { describe, expect, it } from 'vitest'
import type { ProxyEvent } from './events.ts'
import { createMetrics, type Gauge } from './metrics.ts'

/** As scripts/bench-index.ts and server/integration/fairness.test.ts read a figure: `name value`. */
const figure = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.split(' ')[1] ?? NaN,
  )

const event = (over: Partial<ProxyEvent>): ProxyEvent =>
  ({ route: 'list_executions', method: 'POST', status: 200, durationMs: 30, ...over }) as ProxyEvent

describe('/metrics with prom-client', () => {
  it('keeps the names and labels it had, and adds the process’s own', async () => {
    let streams = 3
    const gauges = (): Gauge[] => [
      {
        name: 'dashboard_live_streams',
        help: 'Open live streams (tabs).',
        values: [{ labels: {}, value: streams }],
      },
      {
        name: 'dashboard_memory_bytes',
        help: 'The server process memory, by kind.',
        values: [
          { labels: { kind: 'rss' }, value: 2048 },
          { labels: { kind: 'heap_used' }, value: 1024 },
        ],
      },
    ]
    const metrics = createMetrics(gauges)
    metrics.record(event({}))
    metrics.record(event({ status: 502, detail: 'upstream_timeout after 10 s' }))
    metrics.record(event({ route: 'session', status: 401, detail: 'invalid_token' }))
    metrics.started()
    const text = await metrics.render()
    expect(text).toContain('dashboard_requests_total{route="list_executions",status="200"} 1')
    expect(text).toContain('dashboard_requests_total{route="list_executions",status="502"} 1')
    expect(text).toContain('dashboard_upstream_errors_total{kind="upstream_timeout"} 1')
    expect(text).toContain('dashboard_sign_in_attempts_total{outcome="invalid_token"} 1')
    expect(text).toContain('dashboard_request_duration_seconds_bucket{le="0.05",route="list_executions"} 2')
    expect(text).toContain('dashboard_request_duration_seconds_count{route="list_executions"} 2')
    expect(figure(text, 'dashboard_requests_in_flight')).toBe(1)
    expect(figure(text, 'dashboard_live_streams')).toBe(3)
    expect(figure(text, 'dashboard_memory_bytes{kind="heap_used"}')).toBe(1024)
    // The process's own: event-loop lag, heap and GC.
    expect(text).toMatch(/^dashboard_nodejs_eventloop_lag_seconds \d/m)
    expect(text).toMatch(/^dashboard_nodejs_heap_size_used_bytes \d/m)
    expect(text).toContain('# TYPE dashboard_nodejs_gc_duration_seconds histogram')

    // A gauge is read again at every scrape, and may gain a label (one series per API).
    streams = 5
    expect(figure(await metrics.render(), 'dashboard_live_streams')).toBe(5)
  })

  it('gives a gauge that gains a label its new series', async () => {
    let labels: Record<string, string> = {}
    const metrics = createMetrics(() => [
      { name: 'dashboard_live_views', help: 'Views.', values: [{ labels, value: 1 }] },
    ])
    expect(figure(await metrics.render(), 'dashboard_live_views')).toBe(1)
    labels = { upstream: 'eu' }
    expect(figure(await metrics.render(), 'dashboard_live_views{upstream="eu"}')).toBe(1)
  })
})
