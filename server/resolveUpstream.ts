import { startDemoApi } from './demo-api/index.ts'
import { parseDemoCauses, parseDemoMaxPage, parseDemoSize } from './demo-api/options.ts'
import { readingsSchema, RESCHEDULE_ANSWERS, STATE_SPELLINGS } from './demo-api/readings.ts'
import { readSettings, upstreamEnv } from './app/config.ts'
import { parseUpstreamConfig, type UpstreamConfig } from './upstream/config.ts'
import { parseUpstreams, type NamedUpstream } from './upstream/upstreams.ts'

export interface ResolvedUpstream {
  config: UpstreamConfig
  /** Several APIs (EXEC_API_UPSTREAMS), the first being `config`; null for one. */
  named: NamedUpstream[] | null
  /** Set when the built-in demo API was started because EXEC_API_URL is unset. */
  isDemo: boolean
  close: () => Promise<void>
}

/** EXEC_API_URL points at a real deployment; without it the built-in demo API starts on a free port. */
export async function resolveUpstream(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedUpstream> {
  const values = readSettings(env)
  const upstream = upstreamEnv(values)
  const named = parseUpstreams(upstream)
  if (named?.[0]) return { config: named[0].config, named, isDemo: false, close: async () => {} }
  if (values.EXEC_API_URL) {
    return { config: parseUpstreamConfig(upstream), named: null, isDemo: false, close: async () => {} }
  }
  const readings = readingsSchema.safeParse({
    rescheduleAnswer: values.DEMO_API_RESCHEDULE_ANSWER,
    stateSpelling: values.DEMO_API_STATE_SPELLING,
  })
  if (!readings.success) {
    throw new Error(
      `DEMO_API_RESCHEDULE_ANSWER must be one of ${RESCHEDULE_ANSWERS.join(', ')}; ` +
        `DEMO_API_STATE_SPELLING one of ${STATE_SPELLINGS.join(', ')}`,
    )
  }
  const demo = await startDemoApi({
    simulate: !values.DEMO_API_FROZEN,
    executionCount: parseDemoSize(values.DEMO_API_SIZE),
    maxPageSize: parseDemoMaxPage(values.DEMO_API_MAX_PAGE),
    causes: parseDemoCauses(values.DEMO_API_CAUSES),
    readings: readings.data,
  })
  const config = parseUpstreamConfig({ ...upstream, EXEC_API_URL: demo.url, EXEC_API_TOKEN: demo.token })
  return { config, named: null, isDemo: true, close: () => demo.close() }
}
