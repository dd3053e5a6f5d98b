import type { IncomingMessage } from 'node:http'
import type { Credentials } from '../auth/credentials.ts'
import type { ProxyTrust } from '../http/origin.ts'
import type { UpstreamAnswer } from '../upstream/client.ts'
import { rescheduledState } from '../../shared/rescheduleAnswer.ts'
import { identify, type IdentitySettings } from './identity.ts'
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
  | { kind: 'refused'; status: 403 | 503; code: 'forbidden_role' | 'store_unavailable'; message: string }
  | {
      kind: 'allowed'
      /** Records what came of it: the API's answer, or the failure that leaves it open. */
      settle: (answer: UpstreamAnswer | null, failure: string | null) => Promise<void>
    }

/**
 * Before a reschedule leaves: who asks, whether they may (a viewer is refused and recorded), and the intent
 * written durably; if it cannot be written, nothing is sent (a reschedule is never unrecorded).
 */
export function createRescheduleGuard(options: {
  trail: AuditTrail | null
  identity: IdentitySettings
  trust: ProxyTrust
  /** The upstream's description, read when a record is written. */
  upstream: () => string
  onError?: (error: unknown) => void
}) {
  return async function guard(
    req: IncomingMessage,
    credentials: Credentials,
    executionId: string,
    body: Buffer,
    requestId: string,
  ): Promise<GuardDecision> {
    const who = identify(req, credentials, options.trust, options.identity)
    const bulkHeader = req.headers[BULK_RUN_HEADER]
    const bulkRun = typeof bulkHeader === 'string' && BULK_RUN.test(bulkHeader) ? bulkHeader : null
    const secret = credentials.authorization.replace(/^Bearer\s+/i, '')
    const text = body.toString('utf8')
    const entry: AuditEntry = {
      user: who.user,
      via: who.via,
      upstream: options.upstream(),
      executionId,
      // Never the token, even if someone pasted it into a body.
      requestBody: secret !== '' && text.includes(secret) ? '(withheld: it contained the token)' : text,
      bulkRun,
      requestId,
    }
    const { trail } = options
    if (who.refusal !== null) {
      await trail?.refused(entry, who.refusal).catch(options.onError)
      return { kind: 'refused', status: 403, code: 'forbidden_role', message: who.refusal }
    }
    if (!trail) return { kind: 'allowed', settle: async () => {} }
    let id: string
    try {
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
        const outcome =
          answer === null
            ? { outcome: 'unknown' as const, status: null, resultState: null, detail: failure }
            : answer.status >= 200 && answer.status < 300
              ? {
                  outcome: 'rescheduled' as const,
                  status: answer.status,
                  resultState: resultState(executionId, answer),
                  detail: null,
                }
              : answer.status >= 500
                ? {
                    outcome: 'unknown' as const,
                    status: answer.status,
                    resultState: null,
                    detail: `HTTP ${answer.status}`,
                  }
                : {
                    outcome: 'refused_by_api' as const,
                    status: answer.status,
                    resultState: null,
                    detail: `HTTP ${answer.status}`,
                  }
        // A lost outcome leaves the intent pending, which reads as "outcome unknown": never a missing record.
        await trail.complete(id, outcome).catch(options.onError)
      },
    }
  }
}

export type RescheduleGuard = ReturnType<typeof createRescheduleGuard>
