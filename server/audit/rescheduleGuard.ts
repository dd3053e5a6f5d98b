import type { IncomingMessage } from 'node:http'
import { withoutToken, type Credentials } from '../auth/credentials.ts'
import type { UpstreamAnswer } from '../upstream/client.ts'
import { rescheduledState } from '../../shared/rescheduleAnswer.ts'
import type { Identity } from './identity.ts'
import { BULK_VIEW_HEADER, readRunView } from '../../shared/runView.ts'
import type { AuditEntry, AuditTrail } from './trail.ts'

export const BULK_RUN_HEADER = 'x-bulk-run'
const BULK_RUN = /^[A-Za-z0-9_-]{1,100}$/

/** The state the API says the execution is in after a reschedule, wherever its answer puts it. */
function resultState(executionId: string, answer: UpstreamAnswer): string | null {
  let payload: unknown
  try {
    payload = JSON.parse(answer.body.toString('utf8'))
  } catch {
    return null
  }
  return rescheduledState(executionId, answer.status, payload)
}

export type GuardDecision =
  | { kind: 'refused'; status: 503; code: 'store_unavailable'; message: string }
  /** The request names a bulk run another user started. */
  | { kind: 'refused'; status: 403; code: 'forbidden_role'; message: string }
  /** An id the trail cannot hold (a NUL character): refused rather than sent unrecorded. */
  | { kind: 'refused'; status: 400; code: 'bad_request'; message: string }
  | {
      kind: 'allowed'
      /** Records what came of it: the API's answer, or the failure that leaves it open. */
      settle: (answer: UpstreamAnswer | null, failure: string | null) => Promise<void>
    }

/** One reschedule as it arrived: who asks (the request's identity), what, and with which credentials. */
export interface RescheduleRequest {
  req: IncomingMessage
  who: Identity
  credentials: Credentials
  executionId: string
  body: Buffer
  requestId: string
  /** The upstream as the trail names it. */
  upstream: string
}

function entryOf(request: RescheduleRequest): AuditEntry {
  const bulkHeader = request.req.headers[BULK_RUN_HEADER]
  const bulkRun = typeof bulkHeader === 'string' && BULK_RUN.test(bulkHeader) ? bulkHeader : null
  // What the run acted on, so its link opens that (only with a run; a view that does not read is left out).
  const viewHeader = request.req.headers[BULK_VIEW_HEADER]
  const runView = bulkRun && typeof viewHeader === 'string' ? readRunView(viewHeader, Date.now()) : null
  return {
    user: request.who.user,
    via: request.who.via,
    upstream: request.upstream,
    executionId: request.executionId,
    // Never the token, even if someone pasted it into a body.
    // A NUL byte is kept as its escape: PostgreSQL's text cannot hold one.
    requestBody: withoutToken(request.body.toString('utf8'), request.credentials).replaceAll(
      '\u0000',
      '\\u0000',
    ),
    bulkRun,
    requestId: request.requestId,
    runView,
  }
}

function outcomeOf(answer: UpstreamAnswer | null, failure: string | null, executionId: string) {
  // No connection carried it: the PATCH never left, so nothing happened (not "unknown").
  if (answer === null && failure === 'upstream_not_sent')
    return { outcome: 'not_sent' as const, status: null, resultState: null, detail: failure }
  if (answer === null)
    return { outcome: 'unknown' as const, status: null, resultState: null, detail: failure }
  if (answer.status >= 200 && answer.status < 300)
    return {
      outcome: 'rescheduled' as const,
      status: answer.status,
      resultState: resultState(executionId, answer),
      detail: null,
    }
  const outcome = answer.status >= 500 ? ('unknown' as const) : ('refused_by_api' as const)
  return { outcome, status: answer.status, resultState: null, detail: `HTTP ${answer.status}` }
}

/**
 * Around a reschedule: a viewer's, refused by the route's role, is recorded; an operator's intent is written
 * durably before it leaves, and if it cannot be written, nothing is sent (a reschedule is never unrecorded).
 */
/**
 * A bulk run belongs to the user who started it: a request that names another user's run (its X-Bulk-Run) is
 * refused, so a run's report never mixes two people's reschedules under the first one's name.
 */
async function joinsAnotherRun(trail: AuditTrail, entry: AuditEntry): Promise<string | null> {
  if (entry.bulkRun === null || entry.bulkRun === undefined) return null
  const owner = await trail.ownerOfRun(entry.bulkRun)
  if (owner === null || owner === entry.user) return null
  return `This bulk run was started by ${owner}: a run belongs to its user, so start a run of your own.`
}

export function createRescheduleGuard(options: {
  trail: AuditTrail | null
  onError?: (error: unknown) => void
}) {
  const { trail } = options
  return {
    /** A reschedule the user's role does not allow: recorded as not permitted. */
    async refused(request: RescheduleRequest, refusal: string): Promise<void> {
      await trail?.refused(entryOf(request), refusal).catch(options.onError)
    },
    /** Writes the intent; the decision says whether the PATCH may leave, and how to record what came of it. */
    async begin(request: RescheduleRequest): Promise<GuardDecision> {
      if (!trail) return { kind: 'allowed', settle: async () => {} }
      if (request.executionId.includes('\u0000')) {
        const message =
          'This id contains a NUL character, which the audit trail cannot record; nothing was sent.'
        return { kind: 'refused', status: 400, code: 'bad_request', message }
      }
      const entry = entryOf(request)
      let id: string
      try {
        const refusal = await joinsAnotherRun(trail, entry)
        if (refusal !== null) {
          await trail.refused(entry, refusal).catch(options.onError)
          return { kind: 'refused', status: 403, code: 'forbidden_role', message: refusal }
        }
        id = await trail.begin(entry)
      } catch (error) {
        options.onError?.(error)
        return {
          kind: 'refused',
          status: 503,
          code: 'store_unavailable',
          message:
            'The audit trail cannot be written just now, so the reschedule was not sent. Try again shortly.',
        }
      }
      return {
        kind: 'allowed',
        settle: async (answer, failure) => {
          // A lost outcome leaves the intent pending, which reads as "outcome unknown": never a missing record.
          await trail.complete(id, outcomeOf(answer, failure, request.executionId)).catch(options.onError)
        },
      }
    },
  }
}

export type RescheduleGuard = ReturnType<typeof createRescheduleGuard>
