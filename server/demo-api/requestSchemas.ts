import { z } from 'zod'
import { ApiError } from './errors.ts'
import { decodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.ts'

/** Absent and `null` both mean "not given". */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined)
}

const requiredOr = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : message

const cursor = z.string({ error: 'must be a string' }).transform((value, context) => {
  const key = decodeCursor(value)
  if (key) return key
  context.addIssue({ code: 'custom', message: 'is not a valid cursor' })
  return z.NEVER
})

const statesSchema = z.array(z.string({ error: 'must be a string' }), {
  error: 'must be an array of strings',
})

const metadataEntrySchema = z.object(
  {
    key: z.string({ error: requiredOr('must be a string') }),
    values: z
      .array(z.string({ error: 'must be a string' }), { error: requiredOr('must be an array of strings') })
      .min(1, { error: 'must not be empty' }),
  },
  { error: 'must be an object' },
)

const rescheduleSchema = z.object(
  { schedule_for: z.boolean({ error: requiredOr('must be a boolean') }) },
  { error: 'must be a JSON object' },
)

/** `page.first`, `filters.metadata[0].values`; the whole body is called `body`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body'
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('')
}

export function formatZodError(error: z.ZodError): string {
  return error.issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`).join('; ')
}

/** Parses a request body (absent body = `{}`) or throws a 400 naming the offending fields. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {})
  if (!result.success) throw new ApiError(400, formatZodError(result.error))
  return result.data
}

function pageSchema(maxPageSize: number) {
  const pageSize = z
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be at least 1' })
    .max(maxPageSize, { error: `must be at most ${maxPageSize}` })
  return z
    .object(
      {
        first: optional(pageSize),
        last: optional(pageSize),
        after: optional(cursor),
        before: optional(cursor),
      },
      { error: 'must be an object' },
    )
    .refine((page) => page.first === undefined || page.last === undefined, {
      error: 'first and last cannot be used together',
    })
}

function listSchemas(maxPageSize: number) {
  const page = optional(pageSchema(maxPageSize))
  const listExecutionsSchema = z.object(
    {
      page,
      filters: optional(
        z.object(
          {
            states: optional(statesSchema),
            metadata: optional(z.array(metadataEntrySchema, { error: 'must be an array' })),
          },
          { error: 'must be an object' },
        ),
      ),
    },
    { error: 'must be a JSON object' },
  )

  const listAttemptsSchema = z.object(
    {
      page,
      filters: optional(z.object({ states: optional(statesSchema) }, { error: 'must be an object' })),
    },
    { error: 'must be a JSON object' },
  )
  return { listExecutionsSchema, listAttemptsSchema }
}

/**
 * The request bodies with the demo's largest page (above it `first`/`last` are a 400 naming the
 * field), and the page size used when neither is given: 20, or the largest page if smaller.
 */
export function createRequestSchemas(maxPageSize = MAX_PAGE_SIZE) {
  const { listExecutionsSchema, listAttemptsSchema } = listSchemas(maxPageSize)
  return {
    listExecutions: listExecutionsSchema,
    listAttempts: listAttemptsSchema,
    reschedule: rescheduleSchema,
    defaultPageSize: Math.min(DEFAULT_PAGE_SIZE, maxPageSize),
  }
}

export type RequestSchemas = ReturnType<typeof createRequestSchemas>
export type ListExecutionsRequest = z.output<RequestSchemas['listExecutions']>
export type ListAttemptsRequest = z.output<RequestSchemas['listAttempts']>
export type RescheduleRequest = z.output<typeof rescheduleSchema>
