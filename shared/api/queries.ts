import * as z from 'zod/mini'
import { RUN_PARAM } from '../filterCodec.ts'
import { MOST_SET_IDS } from '../idSet.ts'
import { LIST_SORTS, SORT_PARAM } from '../listSort.ts'
import { GROUP_PARAM } from '../triage.ts'
import { AUDIT_KINDS, AUDIT_OUTCOMES } from '../auditRecord.ts'
import { cursor, flag, lenient, noNul, oneOf, text, wholeNumber } from './params.ts'

/*
 * Each route's own query parameters (the view's, where a route takes one, are read by ./view.ts). Every value is a
 * string on the wire; the schema reads it into what the route uses and refuses it in words that name it.
 */
const histogram = z.optional(z.string()).check(z.meta({ description: '`1`: with the histogram.' }))

const format = z.enum(['csv', 'ndjson'], {
  error: (issue) => `Unknown format “${String(issue.input).slice(0, 40)}”: use csv or ndjson`,
})

/** An instant as Date.parse reads it (ms epoch); absent or empty is not given. */
const instant = (name: string) =>
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value, context) => {
        if (value === '') return undefined
        const at = Date.parse(value)
        if (Number.isNaN(at))
          context.issues.push({
            code: 'custom',
            input: value,
            message: `${name} must be a date and time such as 2026-11-23T09:30:00Z`,
          })
        return at
      }),
    ),
  )

export const QUERIES = {
  overview: z.object({ histogram }),
  indexList: z.object({
    [SORT_PARAM]: oneOf(LIST_SORTS, `sort must be one of ${LIST_SORTS.join(', ')}`),
    size: wholeNumber('size', 1, 1000, 20),
    after: cursor('after', 512, 'after is not a cursor of this list'),
    [RUN_PARAM]: lenient().check(z.meta({ description: 'A bulk run’s id: only the executions it sent.' })),
  }),
  indexExecution: z.object({
    id: z
      .string({ error: 'id must be given, at most 1024 characters' })
      .check(
        z.minLength(1, { error: 'id must be given, at most 1024 characters' }),
        z.maxLength(1024, { error: 'id must be given, at most 1024 characters' }),
        noNul('id'),
      ),
  }),
  idSet: z.object({ max: wholeNumber('max', 1, MOST_SET_IDS, 20_000) }),
  live: z.object({
    size: wholeNumber('size', 1, 1000, 20),
    after: cursor('after', 4_096, 'after must be a cursor of 1 to 4096 characters'),
    every: z._default(
      z.coerce
        .number({ error: 'every must be a number of seconds from 1 to 3600' })
        .check(
          z.gte(1, { error: 'every must be a number of seconds from 1 to 3600' }),
          z.lte(3600, { error: 'every must be a number of seconds from 1 to 3600' }),
        ),
      10,
    ),
    initial: flag('initial'),
    list: flag('list'),
    histogram,
    view: flag('view').check(z.meta({ description: '`0`: no view (no list, overview, failures or marks).' })),
    watches: flag('watches').check(
      z.meta({
        description: '`1`: with your watches (`watches`) and their notices (`notice`, its id the sequence).',
      }),
    ),
    notices_after: z
      .optional(
        z.coerce
          .number({ error: 'notices_after must be a notice’s sequence (a whole number)' })
          .check(
            z.int({ error: 'notices_after must be a notice’s sequence (a whole number)' }),
            z.gte(0, { error: 'notices_after must be a notice’s sequence (a whole number)' }),
          ),
      )
      .check(
        z.meta({ description: 'The last notice heard: those after it are sent first (as Last-Event-ID).' }),
      ),
  }),
  triage: z.object({
    [GROUP_PARAM]: lenient().check(
      z.meta({ description: '`burst`, `shape` or `key:<key>`; else automatic.' }),
    ),
    summary: z.optional(z.string()).check(z.meta({ description: '`1`: the counts alone.' })),
  }),
  acknowledge: z.object({
    [GROUP_PARAM]: lenient(),
    id: z
      .string({ error: 'id (the group) is missing' })
      .check(z.minLength(1, { error: 'id (the group) is missing' })),
  }),
  audit: z.strictObject({
    user: text('user', 200),
    execution: text('execution', 200),
    bulk: text('bulk', 200),
    kind: oneOf(AUDIT_KINDS, 'kind must be reschedule or acknowledge'),
    outcome: oneOf(AUDIT_OUTCOMES, `outcome must be one of ${AUDIT_OUTCOMES.join(', ')}`),
    from: instant('from'),
    to: instant('to'),
    size: wholeNumber('size', 1, 500, 50).check(z.meta({ description: 'records a page, 1 to 500' })),
    after: text('after', 200).check(z.meta({ description: 'the end_cursor of the page before' })),
    format: z.optional(format),
  }),
  bulkRunReport: z.object({ bulk: z._default(z.string(), '') }),
  exportExecutions: z.object({ format: z._default(format, 'csv'), links: z.optional(z.string()) }),
}

export type QueryRouteName = keyof typeof QUERIES
