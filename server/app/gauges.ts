import type { Gauge } from '../http/metrics.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { LiveHub } from '../live/hub.ts'
import type { UpstreamClient } from '../upstream/client.ts'

/** The dashboard's own figures for /metrics: the index, live views, the budget, the process's memory. */
export function dashboardGauges(
  client: UpstreamClient,
  index: ExecutionIndex | null,
  live: LiveHub,
): () => Gauge[] {
  return () => {
    const budget = client.budget.stats()
    const indexStats = index?.stats() ?? { partitions: 0, executions: 0, families: 0 }
    const liveStats = live.stats()
    const memory = process.memoryUsage()
    return [
      {
        name: 'dashboard_index_executions',
        help: 'Executions the index keeps.',
        values: [{ labels: {}, value: indexStats.executions }],
      },
      {
        name: 'dashboard_index_families',
        help: 'Filter families the index keeps.',
        values: [{ labels: {}, value: indexStats.families }],
      },
      {
        name: 'dashboard_index_partitions',
        help: 'Credentials the index keeps executions for.',
        values: [{ labels: {}, value: indexStats.partitions }],
      },
      {
        name: 'dashboard_upstream_calls',
        help: 'Calls to the API since start, by budget lane.',
        values: Object.entries(budget.calls).map(([lane, value]) => ({ labels: { lane }, value })),
      },
      {
        name: 'dashboard_live_views',
        help: 'Distinct views being refreshed for live streams.',
        values: [{ labels: {}, value: liveStats.views }],
      },
      {
        name: 'dashboard_live_streams',
        help: 'Open live streams (tabs).',
        values: [{ labels: {}, value: liveStats.subscribers }],
      },
      {
        name: 'dashboard_memory_bytes',
        help: 'The server process memory, by kind.',
        values: [
          { labels: { kind: 'rss' }, value: memory.rss },
          { labels: { kind: 'heap_used' }, value: memory.heapUsed },
        ],
      },
    ]
  }
}
