import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import { ApiError, errorBody, codeForStatus } from './errors.ts'
import { OPERATIONS } from './operations.ts'
import type { Operation } from './operations.ts'
import { formatZodError } from './requestSchemas.ts'
import { sendEmpty, sendJson, sendText, textContentType } from './respond.ts'

export const faultRuleSchema = z.object({
  operation: z.enum(OPERATIONS).optional(),
  executionId: z.string().optional(),
  /** How many matching requests the rule affects; unlimited when absent. */
  times: z.int().min(1).optional(),
  delayMs: z.int().min(0).max(120_000).optional(),
  status: z.int().min(100).max(599).optional(),
  body: z.string().optional(),
  contentType: z.string().optional(),
  /** Seconds, sent as Retry-After. */
  retryAfter: z.int().min(0).optional(),
  /** Destroy the socket without any response. */
  drop: z.boolean().optional(),
  /** Answer 200 with a body that breaks the response schema. */
  malformed: z.boolean().optional(),
  /**
   * Also hit the dashboard's background calls: its index scans and its live refreshes (User-Agent
   * `execution-dashboard (index)`, `(verify)` or `(live)`). Off by default: a fault meant for what a user's own
   * request does is not used up by a refresh the server runs on its own meanwhile.
   */
  background: z.boolean().optional(),
  /** Only the dashboard's calls of this lane (its User-Agent `execution-dashboard (<lane>)`). */
  lane: z.enum(['user', 'health', 'live', 'index', 'verify', 'sample']).optional(),
})

export type FaultRule = z.output<typeof faultRuleSchema>

export const FAULT_HEADER = 'x-demo-fault'

interface StoredRule {
  rule: FaultRule
  remaining: number
}

const DASHBOARD_AGENT = /^execution-dashboard \((\w+)\)$/
const BACKGROUND_LANES = ['index', 'verify', 'sample', 'live', 'health']

/** The dashboard's lane a request says it comes from (its User-Agent), or null for any other client. */
export const laneOf = (req: IncomingMessage) =>
  DASHBOARD_AGENT.exec(req.headers['user-agent'] ?? '')?.[1] ?? null

/** A call the dashboard makes on its own (a scan, a live refresh), not one a user's request made. */
export const isBackgroundRequest = (req: IncomingMessage) => BACKGROUND_LANES.includes(laneOf(req) ?? '')

function appliesTo(
  rule: FaultRule,
  operation: Operation,
  executionId: string | undefined,
  lane: string | null,
): boolean {
  const background = BACKGROUND_LANES.includes(lane ?? '')
  return (
    (rule.lane !== undefined ? rule.lane === lane : !background || rule.background === true) &&
    (rule.operation === undefined || rule.operation === operation) &&
    (rule.executionId === undefined || rule.executionId === executionId)
  )
}

export class FaultBook {
  private rules: StoredRule[] = []

  add(rules: readonly FaultRule[]): void {
    this.rules.push(...rules.map((rule) => ({ rule, remaining: rule.times ?? Infinity })))
  }

  clear(): void {
    this.rules = []
  }

  list(): FaultRule[] {
    return this.rules.map(({ rule, remaining }) =>
      Number.isFinite(remaining) ? { ...rule, times: remaining } : { ...rule },
    )
  }

  /** The first stored rule matching the request, counting it against the rule's `times`. */
  take(
    operation: Operation,
    executionId: string | undefined,
    lane: string | null = null,
  ): FaultRule | undefined {
    const stored = this.rules.find(({ rule }) => appliesTo(rule, operation, executionId, lane))
    if (!stored) return undefined
    stored.remaining -= 1
    if (stored.remaining <= 0) this.rules = this.rules.filter((other) => other !== stored)
    return stored.rule
  }
}

/** An `X-Demo-Fault` header rule wins over stored rules and does not use them up. */
export function selectFault(
  book: FaultBook,
  req: IncomingMessage,
  operation: Operation,
  executionId: string | undefined,
): FaultRule | undefined {
  const lane = laneOf(req)
  const value = req.headers[FAULT_HEADER]
  const header = Array.isArray(value) ? value.join(', ') : value
  if (header !== undefined) {
    const rule = parseFaultHeader(header)
    if (appliesTo(rule, operation, executionId, lane)) return rule
  }
  return book.take(operation, executionId, lane)
}

function parseFaultHeader(header: string): FaultRule {
  let json: unknown
  try {
    json = JSON.parse(header)
  } catch {
    throw new ApiError(400, 'X-Demo-Fault: must be a JSON object')
  }
  const result = faultRuleSchema.safeParse(json)
  if (!result.success) throw new ApiError(400, `X-Demo-Fault: ${formatZodError(result.error)}`)
  return result.data
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

/**
 * Plays the fault's delay, drop or canned response. Returns true when the response is done;
 * false when normal handling should go on (possibly to be corrupted by `malformed`).
 */
export async function applyFault(
  rule: FaultRule,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (rule.delayMs) await delay(rule.delayMs)
  if (req.socket.destroyed) return true
  if (rule.drop) {
    req.socket.destroy()
    return true
  }
  if (rule.retryAfter !== undefined) res.setHeader('Retry-After', String(rule.retryAfter))
  if (rule.status === undefined) return false

  if (rule.body !== undefined) {
    sendText(res, rule.status, rule.body, textContentType(rule.contentType ?? 'application/json'))
  } else if (rule.status >= 400) {
    sendJson(res, rule.status, errorBody(codeForStatus(rule.status), `Injected fault: HTTP ${rule.status}`))
  } else {
    sendEmpty(res, rule.status, rule.contentType)
  }
  return true
}

/** State missing on the first item and an unparseable `created_at`. */
export function corruptResponse(body: { data: unknown }): unknown {
  const breakItem = (item: unknown) => {
    const { state: _state, ...rest } = (item ?? {}) as Record<string, unknown>
    return { ...rest, created_at: 'yesterday' }
  }
  if (!Array.isArray(body.data)) return { ...body, data: breakItem(body.data) }
  const [first, ...rest] = body.data as unknown[]
  return { ...body, data: [breakItem(first ?? { id: 'malformed' }), ...rest] }
}
