import { messageFromText } from '../../shared/errorBody.ts'
import { parseRetryAfter } from '../../shared/retryAfter.ts'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import { isJsonContentType } from '../http/body.ts'
import type { UpstreamAnswer, UpstreamClient } from '../upstream/client.ts'
import { describeUpstream } from '../upstream/config.ts'
import { LIST_EXECUTIONS } from '../upstream/operations.ts'
import { UpstreamFailure } from '../upstream/request.ts'

const PROBE_BODY = Buffer.from(JSON.stringify({ page: { first: 1 } }))
/** For an API that requires `filters` in every body: asked once more with it. */
const FULLER_PROBE_BODY = Buffer.from(JSON.stringify({ page: { first: 1 }, filters: {} }))
/** One retry of a busy API, after its Retry-After up to this long. */
const MAX_RETRY_WAIT_MS = 5_000

export type TokenVerdict =
  { ok: true } | { ok: false; status: number; code: DashboardErrorCode; message: string }

const isBusy = (status: number) => status === 429 || status >= 500

const withReason = (lead: string, answer: UpstreamAnswer) => {
  const reason = messageFromText(answer.body.toString('utf8'))
  return reason ? `${lead}: ${reason}` : `${lead}.`
}

function verdictOf(client: UpstreamClient, answer: UpstreamAnswer): TokenVerdict {
  const { status } = answer
  const where = describeUpstream(client.config)
  if (status >= 200 && status < 300) {
    if (isJsonContentType(answer.contentType ?? undefined)) return { ok: true }
    const what = answer.contentType?.split(';')[0] ?? 'no content type'
    const message = `The address ${where} answered the token check with ${what}, not the API's JSON; check EXEC_API_URL.`
    return { ok: false, status: 502, code: 'verification_failed', message }
  }
  if (status === 401 || status === 403) {
    return {
      ok: false,
      status: 401,
      code: 'invalid_token',
      message: withReason('The API refused this token', answer),
    }
  }
  if (isBusy(status)) {
    const message = withReason(`The API is not available (HTTP ${status}); try again`, answer)
    return { ok: false, status: 503, code: 'api_unavailable', message }
  }
  if (status < 400) {
    const message = `The API answered the token check with a redirect (HTTP ${status}); check EXEC_API_URL.`
    return { ok: false, status: 502, code: 'verification_failed', message }
  }
  const message = withReason(`The API answered HTTP ${status} while checking the token`, answer)
  return { ok: false, status: 502, code: 'verification_failed', message }
}

const waitMs = (answer: UpstreamAnswer) =>
  Math.min((parseRetryAfter(answer.retryAfter) ?? 1) * 1000, MAX_RETRY_WAIT_MS)

/**
 * Checks a token with one cheap list call. Only a 2xx JSON answer means valid; 401/403 mean refused; a
 * busy API (429, 5xx) is asked once more after its Retry-After; a 400 once more with `filters` in the body.
 */
export async function verifyToken(client: UpstreamClient, token: string): Promise<TokenVerdict> {
  const authorization = `Bearer ${token}`
  const probe = (body: Buffer) =>
    client.call({ operation: LIST_EXECUTIONS, body, authorization, lane: 'user' })
  try {
    let answer = await probe(PROBE_BODY)
    if (isBusy(answer.status)) {
      const wait = waitMs(answer)
      await new Promise((resolve) => setTimeout(resolve, wait))
      answer = await probe(PROBE_BODY)
    }
    if (answer.status === 400) answer = await probe(FULLER_PROBE_BODY)
    return verdictOf(client, answer)
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error
    return { ok: false, status: error.status, code: error.code, message: error.message }
  }
}
