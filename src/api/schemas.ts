import { z } from 'zod/mini'
import { readMetadata as readMetadataValue } from '../shared/metadata'
import type { KnownExecutionState } from '../shared/states'
import { normaliseTimestamp } from '../shared/timestamps'

export { KNOWN_EXECUTION_STATES, type KnownExecutionState } from '../shared/states'
/** The spec lists the states seen so far, not all of them: unknown values must still parse. */
export type ExecutionState = KnownExecutionState | (string & {})

export { isRfc3339Timestamp } from '../shared/timestamps'

/** RFC 3339, or an unambiguous near-miss normalised to it; a time without an offset is kept as given. */
export const timestampSchema = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value, context) => {
    const normalised = normaliseTimestamp(value)
    if (normalised !== null) return normalised
    context.issues.push({
      code: 'custom',
      input: value,
      message: 'not an RFC 3339 timestamp (a date and time with Z or an offset)',
    })
    return z.NEVER
  }),
)

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

/**
 * page_info as real APIs send it: every member may be missing. `has_next_page` stays undefined when not
 * given; the caller decides from the page size whether more may follow.
 */
export const pageInfoSchema = z.looseObject({
  has_next_page: z.optional(z.nullable(z.boolean())),
  has_prev_page: z.optional(z.nullable(z.boolean())),
  start_cursor: z.optional(z.nullable(z.string())),
  end_cursor: z.optional(z.nullable(z.string())),
})
export type PageInfo = z.infer<typeof pageInfoSchema>

/** The envelope of a list answer: only a missing or non-array `data` makes the whole answer unusable. */
export const listEnvelopeSchema = z.looseObject({
  data: z.nullable(z.array(z.unknown())),
  page_info: z.optional(z.nullable(pageInfoSchema)),
})
export type ListEnvelope = z.infer<typeof listEnvelopeSchema>

/** A row the API sent that did not parse; shown as such, with what was wrong, beside the good rows. */
export interface RejectedRow {
  /** Position in the API's answer. */
  index: number
  id: string | null
  problems: string[]
}

export interface ListPage<T> {
  data: T[]
  page_info: PageInfo
  /** Rows that did not parse; absent or empty when every row did. */
  rejected?: RejectedRow[]
}

export type ExecutionList = ListPage<Execution>
export type AttemptList = ListPage<Attempt>

/** The execution's metadata as strings, whichever shape the API sent it in. */
export function readMetadata(item: Execution): Record<string, string> {
  return readMetadataValue(item['metadata'])
}
