import { probeUpstream, type ProbeResult } from '../proxy/probeUpstream.ts'
import { describeUpstream, type UpstreamConfig } from '../proxy/upstreamConfig.ts'
import { upstreamReason } from '../proxy/upstreamReason.ts'
import { isJsonContentType } from '../proxy/httpHelpers.ts'

const VERIFY_OPERATION = { operation: 'list_executions', method: 'GET', path: '/executions' } as const
const VERIFY_BODY = Buffer.from(JSON.stringify({ page: { first: 1 } }))
/** One retry of a busy API, after its Retry-After up to this long. */
const MAX_RETRY_WAIT_MS = 5_000

export type TokenVerdict = { ok: true } | { ok: false; status: number; code: string; message: string }

function retryWaitMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter)
  if (retryAfter !== null && Number.isFinite(seconds))
    return Math.min(Math.max(seconds, 0) * 1000, MAX_RETRY_WAIT_MS)
  const date = retryAfter === null ? NaN : Date.parse(retryAfter)
  return Number.isNaN(date) ? 1_000 : Math.min(Math.max(date - Date.now(), 0), MAX_RETRY_WAIT_MS)
}

const isBusy = (status: number) => status === 429 || status >= 500

const withReason = (lead: string, text: string) => {
  const reason = upstreamReason(text)
  return reason ? `${lead}: ${reason}` : `${lead}.`
}

function verdictOf(
  upstream: UpstreamConfig,
  result: Exclude<ProbeResult, { failure: unknown }>,
): TokenVerdict {
  const { status, text } = result
  if (status >= 200 && status < 300) {
    if (isJsonContentType(result.contentType ?? undefined)) return { ok: true }
    const what = result.contentType?.split(';')[0] ?? 'no content type'
    const message = `The address ${describeUpstream(upstream)} answered the token check with ${what}, not the API's JSON; check EXEC_API_URL.`
    return { ok: false, status: 502, code: 'verification_failed', message }
  }
  if (status === 401 || status === 403) {
    return {
      ok: false,
      status: 401,
      code: 'invalid_token',
      message: withReason('The API refused this token', text),
    }
  }
  if (isBusy(status)) {
    const message = withReason(`The API is not available (HTTP ${status}); try again`, text)
    return { ok: false, status: 503, code: 'api_unavailable', message }
  }
  if (status < 400) {
    const message = `The API answered the token check with a redirect (HTTP ${status}); check EXEC_API_URL.`
    return { ok: false, status: 502, code: 'verification_failed', message }
  }
  const message = withReason(`The API answered HTTP ${status} while checking the token`, text)
  return { ok: false, status: 502, code: 'verification_failed', message }
}

/**
 * Checks a token with one cheap list call. Only a 2xx JSON answer means valid; 401/403 mean refused;
 * a busy API (429, 5xx) is asked once more after its Retry-After before the user is told to try again.
 */
export async function verifyToken(upstream: UpstreamConfig, token: string): Promise<TokenVerdict> {
  const probe = () => probeUpstream(upstream, VERIFY_OPERATION, VERIFY_BODY, `Bearer ${token}`)
  let result = await probe()
  if (!('failure' in result) && isBusy(result.status)) {
    const waitMs = retryWaitMs(result.retryAfter)
    await new Promise((resolve) => setTimeout(resolve, waitMs))
    result = await probe()
  }
  if ('failure' in result) {
    const [status, code, message] = result.failure
    return { ok: false, status, code, message }
  }
  return verdictOf(upstream, result)
}
