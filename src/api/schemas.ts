import { z } from 'zod/mini'

export const KNOWN_EXECUTION_STATES = ['created', 'started', 'succeed', 'failed'] as const
export type KnownExecutionState = (typeof KNOWN_EXECUTION_STATES)[number]
/** The spec lists the states seen so far, not all of them: unknown values must still parse. */
export type ExecutionState = KnownExecutionState | (string & {})

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/

export function isRfc3339Timestamp(value: string): boolean {
  // Date.parse rejects impossible dates such as 2026-02-30 and tolerates nine fractional digits.
  return RFC3339.test(value) && !Number.isNaN(Date.parse(value.replace(/(\.\d{3})\d+/, '$1')))
}

export const timestampSchema = z
  .string()
  .check(z.refine(isRfc3339Timestamp, { message: 'must be an RFC 3339 timestamp with Z or a ±hh:mm offset' }))

const stateSchema = z.string() as z.ZodMiniType<ExecutionState>

/** Executions and attempts share these fields in the spec; each keeps its own schema and type. */
const stateResourceShape = {
  id: z.string(),
  state: stateSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
}

// looseObject keeps fields the spec does not list (the demo's metadata, a real server's extras).
export const executionSchema = z.looseObject(stateResourceShape)
export type Execution = z.infer<typeof executionSchema>

export const attemptSchema = z.looseObject(stateResourceShape)
export type Attempt = z.infer<typeof attemptSchema>

export const pageInfoSchema = z.looseObject({
  has_next_page: z.boolean(),
  has_prev_page: z.boolean(),
  start_cursor: z.nullish(z.string()),
  end_cursor: z.nullish(z.string()),
})
export type PageInfo = z.infer<typeof pageInfoSchema>

export const executionListSchema = z.looseObject({
  data: z.array(executionSchema),
  page_info: pageInfoSchema,
})
export type ExecutionList = z.infer<typeof executionListSchema>

export const attemptListSchema = z.looseObject({
  data: z.array(attemptSchema),
  page_info: pageInfoSchema,
})
export type AttemptList = z.infer<typeof attemptListSchema>

export const rescheduleResponseSchema = z.looseObject({
  data: executionSchema,
})
export type RescheduleResponse = z.infer<typeof rescheduleResponseSchema>

/** Metadata is not in the spec; the demo API (and maybe others) send it as an object of strings. */
export function readMetadata(item: Execution): Record<string, string> {
  const raw: unknown = item['metadata']
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {}
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return Object.fromEntries(entries)
}
