import { DEFAULT_INDEX, type IndexSettings } from '../app/config.ts'
import type { Credentials } from '../auth/credentials.ts'
import { createExecutionIndex, type ExecutionIndex, type OverviewAnswer } from '../index/executionIndex.ts'
import type { Store } from '../store/store.ts'
import { createUpstreamClient, type UpstreamClient } from '../upstream/client.ts'
import { parseUpstreamConfig } from '../upstream/config.ts'
import type { ListFilters } from '../../shared/filters.ts'

/** Fast settings for tests: refreshes every 100 ms, a generous budget. */
export const TEST_INDEX: IndexSettings = { ...DEFAULT_INDEX, refreshMs: 100, liveMinMs: 100 }

export interface TestIndex {
  index: ExecutionIndex
  client: UpstreamClient
  credentials: Credentials
  overview(filters?: Partial<ListFilters>): Promise<OverviewAnswer>
  /** Polls until the overview's coverage is of `kind`, and returns that overview. */
  until(kind: OverviewAnswer['coverage']['kind'], filters?: Partial<ListFilters>): Promise<OverviewAnswer>
  close(): Promise<void>
}

export async function startTestIndex(options: {
  url: string
  token: string
  store?: Store | null
  settings?: Partial<IndexSettings>
  budget?: { burst: number; ratePerSecond: number }
  /** The deadline of one upstream answer (EXEC_API_TIMEOUT_MS). */
  timeoutMs?: number
}): Promise<TestIndex> {
  const client = createUpstreamClient(
    parseUpstreamConfig({
      EXEC_API_URL: options.url,
      EXEC_API_TOKEN: options.token,
      EXEC_API_TIMEOUT_MS: options.timeoutMs === undefined ? undefined : String(options.timeoutMs),
    }),
    {
      budget: options.budget ?? { burst: 50, ratePerSecond: 500 },
      reuseMs: 0,
    },
  )
  const index = await createExecutionIndex({
    client,
    store: options.store ?? null,
    settings: { ...TEST_INDEX, ...options.settings },
  })
  const credentials: Credentials = { authorization: `Bearer ${options.token}`, source: 'server' }
  const overview = (filters: Partial<ListFilters> = {}) =>
    index.overview(credentials, { states: filters.states ?? [], metadata: filters.metadata ?? [] })
  return {
    index,
    client,
    credentials,
    overview,
    async until(kind, filters) {
      const deadline = Date.now() + 30_000
      for (;;) {
        const answer = await overview(filters)
        if (answer.coverage.kind === kind) return answer
        if (Date.now() > deadline) throw new Error(`coverage stayed ${JSON.stringify(answer.coverage)}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async close() {
      await index.close()
      client.close()
    },
  }
}
