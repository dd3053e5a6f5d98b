import { probeUpstream } from '../proxy/probeUpstream.ts'
import type { UpstreamConfig } from '../proxy/upstreamConfig.ts'

const CACHE_MS = 5_000
const PROBE = { operation: 'list_executions', method: 'GET', path: '/executions' } as const
const PROBE_BODY = Buffer.from('{"page":{"first":1}}')

/** /readyz: does the API answer? A short deadline and a cached verdict, so probes never pile up on the API. */
export function createReadiness(upstream: UpstreamConfig) {
  const config = { ...upstream, timeoutMs: Math.min(upstream.timeoutMs, 2_000) }
  let cached: { at: number; ready: boolean; reason: string } | null = null
  let inFlight: Promise<{ ready: boolean; reason: string }> | null = null

  async function probe() {
    const result = await probeUpstream(
      config,
      PROBE,
      PROBE_BODY,
      upstream.token ? `Bearer ${upstream.token}` : '',
    )
    if ('failure' in result) return { ready: false, reason: result.failure[2] }
    // Without a server token a 401 still proves the API answers.
    const answers = result.status < 500 && result.status !== 429
    return { ready: answers, reason: answers ? 'the API answers' : `the API answered HTTP ${result.status}` }
  }

  return {
    async check(draining: boolean) {
      if (draining)
        return { status: 503, body: { status: 'draining', reason: 'the server is shutting down' } }
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        inFlight ??= probe().finally(() => (inFlight = null))
        const verdict = await inFlight
        cached = { at: Date.now(), ...verdict }
      }
      return cached.ready
        ? { status: 200, body: { status: 'ready' } }
        : { status: 503, body: { status: 'unavailable', reason: cached.reason } }
    },
  }
}
