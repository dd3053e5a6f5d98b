import type { UpstreamClient } from '../upstream/client.ts'
import { LIST_EXECUTIONS } from '../upstream/operations.ts'
import { UpstreamFailure } from '../upstream/request.ts'

const CACHE_MS = 5_000
const PROBE_DEADLINE_MS = 2_000
const PROBE_BODY = Buffer.from('{"page":{"first":1}}')

/**
 * /readyz: does the API answer? Any answer the API gave in the last few seconds says so; otherwise one probe
 * with a short deadline, its verdict cached, so probes never pile up on the API.
 */
export function createReadiness(client: UpstreamClient) {
  let cached: { at: number; ready: boolean; reason: string } | null = null
  let inFlight: Promise<{ ready: boolean; reason: string }> | null = null

  async function probe() {
    const token = client.config.token
    try {
      const answer = await client.call({
        operation: LIST_EXECUTIONS,
        body: PROBE_BODY,
        authorization: token ? `Bearer ${token}` : null,
        lane: 'user',
        timeoutMs: Math.min(client.config.timeoutMs, PROBE_DEADLINE_MS),
      })
      // Without a server token a 401 still proves the API answers.
      const answers = answer.status < 500 && answer.status !== 429
      return {
        ready: answers,
        reason: answers ? 'the API answers' : `the API answered HTTP ${answer.status}`,
      }
    } catch (error) {
      if (error instanceof UpstreamFailure) return { ready: false, reason: error.message }
      throw error
    }
  }

  return {
    async check(draining: boolean) {
      if (draining)
        return { status: 503, body: { status: 'draining', reason: 'the server is shutting down' } }
      if (Date.now() - client.lastAnsweredAt() < CACHE_MS) return { status: 200, body: { status: 'ready' } }
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
