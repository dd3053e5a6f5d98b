/*
 * The audit trail's records as GET /api/audit answers them: the server writes them (server/audit/trail.ts), the
 * browser lists them and marks rows with them.
 *
 * `pending`: the intent was written and the PATCH sent, and no outcome was recorded (the server stopped in
 * between): its outcome is unknown. `unknown`: the call failed in a way that leaves it open whether the API acted.
 * `not_sent`: no connection to the API could be made, so the PATCH never left (nothing happened).
 */
export const AUDIT_OUTCOMES = [
  'pending',
  'rescheduled',
  'refused_by_api',
  'unknown',
  'not_permitted',
  'acknowledged',
  'unacknowledged',
  'not_sent',
] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]
/** Records of failures acknowledged (triage) and taken back, apart from reschedules. */
export const ACK_OUTCOMES: readonly AuditOutcome[] = ['acknowledged', 'unacknowledged']
export const AUDIT_KINDS = ['reschedule', 'acknowledge'] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

/** One record: a reschedule the server forwarded (or refused), or an acknowledgement. */
export interface AuditRecord {
  id: string
  at: number
  user: string
  via: string
  upstream: string
  executionId: string
  requestBody: string
  bulkRun: string | null
  requestId: string
  outcome: AuditOutcome
  status: number | null
  resultState: string | null
  detail: string | null
  completedAt: number | null
  /** What the record's run acted on, as page URL parameters (shared/runView.ts); null without (absent: older). */
  runView?: string | null
}
