import * as z from 'zod/mini'
import { readFilterParams, writeFilterParams } from '../filterCodec.ts'
import { MAX_ACK_NOTE } from '../triage.ts'
import { readThreshold, WATCH_LIMITS } from '../watches.ts'
import { noNul } from './params.ts'

/*
 * The JSON bodies the routes take, each refused in words that name what is wrong (the browser shows them). A body
 * that is not JSON, or not an object, is refused before these are read (server/http/body.ts).
 */
const NOTE_SHAPE = 'the body must be {"note": "…"}'
const MAX_WATCH_ID = 1024

export const acknowledge = z.object({
  note: z
    .pipe(
      z.string({ error: NOTE_SHAPE }),
      z.transform((note) => note.trim()),
    )
    .check(
      z.minLength(1, { error: 'the note is empty: say why (a ticket, a reason)' }),
      z.maxLength(MAX_ACK_NOTE, { error: `the note is longer than ${MAX_ACK_NOTE} characters` }),
      noNul('the note'),
    ),
})

const RUN_SHAPE = 'The body must be {"run": "<the acknowledgement’s id>"}'
export const undoAcknowledge = z.object({
  run: z.string({ error: RUN_SHAPE }).check(z.regex(/^[0-9a-f-]{36}$/, { error: RUN_SHAPE })),
})

export const stopWatch = z.object({
  id: z
    .string({ error: 'id must be a watch’s id' })
    .check(
      z.minLength(1, { error: 'id must be a watch’s id' }),
      z.maxLength(64, { error: 'id must be a watch’s id' }),
    ),
})

const executionWatch = z.object({
  kind: z.literal('execution'),
  executionId: z
    .string({ error: `executionId must be an id of 1 to ${MAX_WATCH_ID} characters` })
    .check(
      z.minLength(1, { error: `executionId must be an id of 1 to ${MAX_WATCH_ID} characters` }),
      z.maxLength(MAX_WATCH_ID, { error: `executionId must be an id of 1 to ${MAX_WATCH_ID} characters` }),
      noNul('executionId'),
    ),
})

const LABEL = `label must name the watch in 1 to ${WATCH_LIMITS.label} characters`
/** The view's filters, kept in the codec's own spelling: one view is one watch however its parameters were ordered. */
const watchedView = z.pipe(
  z.string({ error: 'view must be the view’s filters, as in its address (state=…&m.env=…)' }),
  z.transform((view, context) => {
    const read = readFilterParams(new URLSearchParams(view))
    for (const message of read.problems) context.issues.push({ code: 'custom', input: view, message })
    return writeFilterParams(read.filters, new URLSearchParams()).toString()
  }),
)
const threshold = z.pipe(
  z.unknown(),
  z.transform((value, context) => {
    const read = readThreshold(value)
    for (const message of read.problems) context.issues.push({ code: 'custom', input: value, message })
    return read.threshold
  }),
)
const viewWatch = z.object({
  kind: z.literal('view'),
  label: z
    .pipe(
      z.string({ error: LABEL }),
      z.transform((label) => label.trim()),
    )
    .check(
      z.minLength(1, { error: LABEL }),
      z.maxLength(WATCH_LIMITS.label, { error: LABEL }),
      noNul('label'),
    ),
  view: watchedView,
  threshold,
})

export const addWatch = z.discriminatedUnion('kind', [executionWatch, viewWatch], {
  error: 'kind must be execution or view',
})

/** Nothing is read from it (the view is in the query); a browser sends `{}`. */
export const empty = z.looseObject({})

/** POST /api/session: the API token to sign in with, and a name to be known by (optional). */
export const signIn = z.looseObject({ token: z.string(), name: z.optional(z.nullable(z.string())) })

/** The API's list body, relayed (states spelled as the API spells them): see the API's contract. */
export const listBody = z.object({
  page: z.object({ first: z.number(), after: z.optional(z.string()) }),
  filters: z.optional(
    z.object({
      states: z.optional(z.array(z.string())),
      metadata: z.optional(z.array(z.object({ key: z.string(), values: z.array(z.string()) }))),
    }),
  ),
})

/** The API's reschedule body, relayed as sent. */
export const reschedule = z.looseObject({ schedule_for: z.optional(z.boolean()) })
