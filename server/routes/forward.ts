import type { IncomingMessage, ServerResponse } from 'node:http'
import { messageFromText } from '../../shared/errorBody.ts'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import type { CredentialSource, Credentials } from '../auth/credentials.ts'
import { sendJsonError } from '../http/json.ts'
import type { UpstreamAnswer, UpstreamClient } from '../upstream/client.ts'
import type { MatchedOperation } from '../upstream/operations.ts'
import { Cancel } from '../upstream/cancel.ts'
import { CallAbandonedError, UpstreamFailure } from '../upstream/request.ts'
import { ANSWER_AGE_HEADER } from '../../shared/answerAge.ts'
import { relayAnswer } from './relay.ts'

export interface ForwardResult {
  status: number
  detail?: string
  upstreamStatus?: number
  /** Time to the upstream's response headers. */
  upstreamMs?: number
}

/** What the server learns from an answer it relays (the index keeps it). */
export type AnswerObserver = (
  credentials: Credentials,
  operation: MatchedOperation,
  body: Buffer,
  answer: UpstreamAnswer,
) => void

const REFUSED_MESSAGES: Partial<Record<CredentialSource, [code: DashboardErrorCode, message: string]>> = {
  server: ['server_token_refused', "The server's token was refused by the API. Check EXEC_API_TOKEN."],
  session: ['session_refused', 'The API refused your token. Sign in again.'],
}

export interface ForwardContext {
  client: UpstreamClient
  observe?: AnswerObserver
  /** Called when the API refused the session's token, so the cookie can be cleared. */
  onRefused?: () => void
  /** Hears the API's answer, or the failure that left the call open (the audit trail's outcome). */
  onSettled?: (answer: UpstreamAnswer | null, failure: string | null) => Promise<void>
}

/** A 401 for a token the dashboard holds becomes the dashboard's own words, with the API's reason. */
function refuseToken(res: ServerResponse, answer: UpstreamAnswer, refused: [DashboardErrorCode, string]) {
  const [code, message] = refused
  // An answer that repeated the token has no body left (the upstream client dropped it): no reason then.
  const reason = messageFromText(answer.body.toString('utf8'))
  sendJsonError(res, 401, code, reason ? `${message} The API said: ${reason}` : message)
  return code
}

/**
 * One of the three operations, through the one upstream client: reads are shared with identical reads, a
 * reschedule is sent once. A read is abandoned when the browser goes away; a reschedule is not, so its
 * outcome is still learned (and recorded) whatever happens to the browser.
 */
export async function forwardOperation(
  req: IncomingMessage,
  res: ServerResponse,
  operation: MatchedOperation,
  body: Buffer,
  credentials: Credentials,
  context: ForwardContext,
): Promise<ForwardResult> {
  const controller = new Cancel()
  if (operation.method === 'GET') {
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
    })
  }
  let answer: UpstreamAnswer
  try {
    answer = await context.client.call({
      operation,
      body,
      authorization: credentials.authorization,
      lane: 'user',
      signal: controller.signal,
      fresh: operation.method === 'GET' && /\bno-cache\b/i.test(req.headers['cache-control'] ?? ''),
    })
  } catch (error) {
    if (error instanceof CallAbandonedError)
      return { status: 499, detail: 'browser went away; upstream call aborted' }
    if (!(error instanceof UpstreamFailure)) throw error
    await context.onSettled?.(null, error.code)
    sendJsonError(res, error.status, error.code, error.message)
    return { status: error.status, detail: error.code }
  }
  await context.onSettled?.(answer, null)
  const seen = { upstreamStatus: answer.status, upstreamMs: answer.upstreamMs }
  const refused = answer.status === 401 ? REFUSED_MESSAGES[credentials.source] : undefined
  if (refused) {
    context.onRefused?.()
    return { ...seen, status: 401, detail: refuseToken(res, answer, refused) }
  }
  // The index keeps what it learns in the store: never an answer that repeated the token (relayAnswer withholds it).
  // It learns once the answer is on its way: parsing and keeping the page is not the browser's wait.
  const observe = context.observe
  if (observe && !answer.withheld) setImmediate(() => observe(credentials, operation, body, answer))
  // How old the answer is, so a tab never replaces it with an older one from its live stream (src/api/answerAge.ts).
  res.setHeader(ANSWER_AGE_HEADER, String(Math.max(0, Date.now() - answer.sentAt)))
  const detail = await relayAnswer(res, answer, { acceptEncoding: req.headers['accept-encoding'] })
  const shared = answer.shared ? 'shared' : undefined
  return { ...seen, status: res.statusCode, detail: detail ?? shared }
}
