import * as z from 'zod/mini'
import { AUDIT_OUTCOMES } from '../auditRecord.ts'
import { COVERAGE_KINDS } from '../coverage.ts'
import { RUN_MEMBER_STANDINGS } from '../bulkRunReport.ts'

/*
 * What each route answers, as far as a caller may rely on it. Objects are open (`looseObject`): the server may add
 * a field (the index's coverage gains some as it learns) without breaking a caller or this document. The server's
 * real answers are checked against these, every JSON route a viewer may call (server/routes/routeSecurity.test.ts).
 */
const count = z.number().check(z.int(), z.gte(0))
const instant = z.number().check(z.meta({ description: 'ms since the epoch' }))
const open = z.looseObject({})

export const coverage = z.looseObject({
  kind: z.enum(COVERAGE_KINDS as ['exact', 'at_least', 'counting', 'failed']),
  executions: count,
  calls: z.optional(count),
  asOf: z.optional(instant),
})

/** An execution as the API sent it (the index keeps the API's fields). */
const apiRow = z.looseObject({ id: z.string(), state: z.string() })
const pageInfo = z.looseObject({
  has_next_page: z.optional(z.nullable(z.boolean())),
  end_cursor: z.optional(z.nullable(z.string())),
})

/** A page of the upstream API, relayed as it came (see the API's own contract for its rows). */
export const apiPage = z.looseObject({ data: z.nullable(z.array(open)), page_info: z.optional(pageInfo) })

export const session = z.looseObject({
  mode: z.enum(['server-token', 'sign-in']),
  api: z.string(),
  signedIn: z.boolean(),
  demo: z.boolean(),
  sessionEnded: z.optional(z.boolean()),
})

export const upstreams = z.looseObject({
  upstreams: z.array(
    z.looseObject({
      name: z.string(),
      api: z.string(),
      color: z.string(),
      danger: z.boolean(),
      mode: z.enum(['server-token', 'sign-in']),
    }),
  ),
  defaultName: z.nullable(z.string()),
})

export const whoami = z.looseObject({
  user: z.string(),
  via: z.string(),
  role: z.enum(['operator', 'viewer']),
  refusal: z.nullable(z.string()),
  audited: z.boolean(),
})

export const links = z.looseObject({
  links: z.array(z.looseObject({ label: z.string(), url: z.string() })),
  marginMs: z.number(),
})

export const overview = z.looseObject({
  filters: open,
  window: z.nullable(open),
  counts: z.record(z.string(), count),
  other: z.record(z.string(), count),
  total: count,
  pending: count,
  histogram: z.nullable(open),
  coverage,
  notes: open,
  generatedAt: instant,
})

export const indexList = z.looseObject({
  data: z.array(apiRow),
  page_info: pageInfo,
  coverage,
  source: z.literal('index'),
  run: z.optional(
    z.looseObject({
      run: z.string(),
      members: count,
      not_in_index: count,
      truncated: z.boolean(),
      kind: z.optional(z.enum(['reschedule', 'acknowledge'])),
    }),
  ),
})

export const indexExecution = z.looseObject({
  data: z.nullable(apiRow),
  seen_at: z.nullable(instant),
  outcome_pending: z.boolean(),
  coverage,
  source: z.literal('index'),
})

export const idSet = z.looseObject({
  executions: z.array(
    z.looseObject({
      id: z.string(),
      state: z.string(),
      created_at: z.nullable(z.string()),
      updated_at: z.nullable(z.string()),
    }),
  ),
  count,
  complete: z.boolean(),
  source: z.enum(['index', 'api']),
  asOf: instant,
  note: z.nullable(z.string()),
})

export const triage = z.looseObject({
  groupBy: z.nullable(open),
  keys: z.array(open),
  failed: count,
  unaddressed: count,
  groups: z.array(z.looseObject({ id: z.string(), label: z.string(), size: count })),
  more: z.looseObject({ groups: count, executions: count }),
  coverage,
  generatedAt: instant,
})

/** An acknowledgement written or taken back: its id and how many failures it covers. */
export const ackRun = z.looseObject({ run: z.string(), count })

export const auditRecord = z.looseObject({
  id: z.string(),
  at: instant,
  user: z.string(),
  via: z.string(),
  executionId: z.string(),
  bulkRun: z.nullable(z.string()),
  requestId: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  status: z.nullable(z.number()),
  resultState: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  runView: z.optional(
    z.nullable(z.string()).check(
      z.meta({
        description: 'What the record’s run acted on, as page URL parameters (shared/runView.ts).',
      }),
    ),
  ),
})

export const auditPage = z.looseObject({ data: z.array(auditRecord), page_info: pageInfo })

export const bulkRunReport = z.looseObject({
  run: z.string(),
  user: z.string(),
  started_at: instant,
  ended_at: instant,
  members: z.array(
    z.looseObject({
      id: z.string(),
      outcome: z.string(),
      requested_at: instant,
      standing: z.enum(RUN_MEMBER_STANDINGS),
      state: z.nullable(z.string()),
      seen_at: z.nullable(instant),
    }),
  ),
  counts: z.record(z.string(), count),
  as_of: instant,
  truncated: z.boolean(),
})

const counted = (list: string) => z.looseObject({ count, [list]: z.array(z.unknown()) })
export const digest = z.looseObject({
  lastSeenAt: z.nullable(instant),
  generatedAt: instant,
  awayMs: z.number(),
  newFailures: counted('ids'),
  rescheduledByOthers: counted('records'),
  longRunning: counted('ids'),
  coverage,
})

export const digestSeen = z.looseObject({ seenAt: z.nullable(instant), reason: z.optional(z.string()) })

export const watch = z.looseObject({
  id: z.string(),
  kind: z.enum(['execution', 'view']),
  label: z.string(),
  executionId: z.nullable(z.string()),
  view: z.nullable(z.string()),
  threshold: z.nullable(open),
  createdAt: instant,
  seen: z.nullable(open),
})
export const watchList = z.looseObject({ watches: z.array(watch), webhook: z.boolean() })
export const watchStopped = z.looseObject({ removed: z.boolean() })

/** A stream's events, one `event:` and `data:` (JSON) each; their data are documented with the route. */
export const eventStream = z.string().check(z.meta({ description: 'text/event-stream' }))
/** A file of rows (CSV, or NDJSON with `format=ndjson`). */
export const file = z.string().check(z.meta({ description: 'text/csv or application/x-ndjson' }))

/** Whatever the API answers to a reschedule (every 2xx is a success; see shared/rescheduleAnswer.ts). */
export const anyJson = z.unknown()

/** The OpenAPI document itself. */
export const openapi = z.looseObject({ openapi: z.string(), paths: open })
