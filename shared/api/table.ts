import type * as z from 'zod/mini'
import type { DashboardErrorCode } from '../errorCodes.ts'
import * as answers from './answers.ts'
import * as bodies from './bodies.ts'
import { QUERIES } from './queries.ts'
import { ROUTES, type RouteAddress, type RouteName } from './routes.ts'

/*
 * The route table of the dashboard's own API: each route's line (./routes.ts) with what it takes and answers. The
 * server's router is built from it (server/routes/router.ts), the browser calls its routes by name (src/api), and
 * GET /api/openapi.json is generated from it. A route declared here is routed, documented and covered by the
 * security tests at once.
 */
export interface RouteSchemas {
  summary: string
  /** Takes a view in its query: filters (`state`, `m.<key>`) and time window (./view.ts). */
  view?: boolean
  /** Its own query parameters. */
  query?: z.ZodMiniObject
  body?: z.ZodMiniType
  answer: z.ZodMiniType
  /** The answer's status when it is not 200. */
  status?: number
  /** Error codes of its own, beyond those every route of its role may answer (./errors.ts). */
  errors: readonly DashboardErrorCode[]
}

export type RouteDefinition = RouteAddress & RouteSchemas

const VIEW_ERRORS = ['bad_request', 'filter_too_long'] as const
const INDEX = 'index_unavailable'
const STORE = 'store_unavailable'
const UPSTREAM = ['upstream_unreachable', 'upstream_timeout', 'upstream_error', 'upstream_busy'] as const

const SCHEMAS = {
  listExecutions: {
    summary: 'A page of executions from the API (GET with a body: POST with X-HTTP-Method-Override: GET).',
    body: bodies.listBody,
    answer: answers.apiPage,
    errors: [...UPSTREAM, 'upstream_invalid_response', 'upstream_error_withheld'],
  },
  listAttempts: {
    summary: 'A page of one execution’s attempts from the API (GET with a body, as the list).',
    body: bodies.listBody,
    answer: answers.apiPage,
    errors: [...UPSTREAM, 'id_not_addressable', 'upstream_invalid_response', 'upstream_error_withheld'],
  },
  reschedule: {
    summary: 'Reschedules an execution through the API, once; the audit trail records it first.',
    body: bodies.reschedule,
    answer: answers.anyJson,
    errors: [...UPSTREAM, 'id_not_addressable', STORE, 'upstream_error_withheld'],
  },
  session: { summary: 'How this dashboard is connected to its API.', answer: answers.session, errors: [] },
  signIn: {
    summary: 'Signs in with an API token, kept in a sealed HttpOnly cookie.',
    body: bodies.signIn,
    answer: answers.session,
    errors: [
      'bad_request',
      'invalid_token_format',
      'invalid_token',
      'sign_in_rate_limited',
      'server_token_in_use',
      'verification_failed',
    ],
  },
  signOut: { summary: 'Signs out.', answer: answers.session, errors: ['server_token_in_use'] },
  upstreams: {
    summary: 'The APIs this dashboard shows (never a token).',
    answer: answers.upstreams,
    errors: [],
  },
  openapi: { summary: 'This document.', answer: answers.openapi, errors: [] },
  whoami: {
    summary: 'Who the dashboard takes you for, and whether you may act.',
    answer: answers.whoami,
    errors: [],
  },
  links: { summary: 'The log and trace link templates.', answer: answers.links, errors: [] },
  exportExecutions: {
    summary: 'Every execution of a view as a file (CSV or NDJSON), paged from the API or the index.',
    view: true,
    query: QUERIES.exportExecutions,
    answer: answers.file,
    errors: [...VIEW_ERRORS, 'export_in_progress', ...UPSTREAM],
  },
  overview: {
    summary: 'Counts per state over a whole view, with their coverage, from the index.',
    view: true,
    query: QUERIES.overview,
    answer: answers.overview,
    errors: [...VIEW_ERRORS, INDEX],
  },
  indexList: {
    summary: 'A page of a view from the index, in an order the API does not offer.',
    view: true,
    query: QUERIES.indexList,
    answer: answers.indexList,
    errors: ['bad_request', INDEX, STORE, 'not_found'],
  },
  indexExecution: {
    summary: 'One execution as the index last saw it.',
    query: QUERIES.indexExecution,
    answer: answers.indexExecution,
    errors: ['bad_request', INDEX],
  },
  idSet: {
    summary: 'The ids of every execution of a view, for a bulk reschedule.',
    view: true,
    query: QUERIES.idSet,
    answer: answers.idSet,
    errors: ['bad_request', INDEX, ...UPSTREAM],
  },
  live: {
    summary:
      'One event stream per tab: the list page, the overview, failure groups and marks of its view, whether the API answers, and (watches=1) your watches and their notices.',
    view: true,
    query: QUERIES.live,
    answer: answers.eventStream,
    errors: ['bad_request', 'too_many_streams', STORE],
  },
  triage: {
    summary: 'The view’s failures grouped, and what was done about them.',
    view: true,
    query: QUERIES.triage,
    answer: answers.triage,
    errors: [...VIEW_ERRORS, INDEX],
  },
  acknowledge: {
    summary: 'Acknowledges every failure of a group as it is now.',
    view: true,
    query: QUERIES.acknowledge,
    body: bodies.acknowledge,
    answer: answers.ackRun,
    errors: ['bad_request', INDEX, 'group_changed'],
  },
  undoAcknowledge: {
    summary: 'Takes back an acknowledgement.',
    body: bodies.undoAcknowledge,
    answer: answers.ackRun,
    errors: ['bad_request', INDEX],
  },
  audit: {
    summary: 'The audit trail, newest first; with `format`, every matching record as a file.',
    query: QUERIES.audit,
    answer: answers.auditPage,
    errors: ['bad_request', STORE],
  },
  bulkRunReport: {
    summary: 'What became of a bulk run: its members and where each stands now.',
    query: QUERIES.bulkRunReport,
    answer: answers.bulkRunReport,
    errors: ['bad_request', 'not_found', STORE],
  },
  digest: {
    summary: 'What changed in a view since you last looked.',
    view: true,
    answer: answers.digest,
    errors: [...VIEW_ERRORS, INDEX],
  },
  digestSeen: {
    summary: 'Records that you looked at a view (as of the index’s last complete refresh).',
    view: true,
    body: bodies.empty,
    answer: answers.digestSeen,
    errors: [...VIEW_ERRORS, INDEX],
  },
  watches: { summary: 'Your watches.', answer: answers.watchList, errors: [STORE] },
  addWatch: {
    summary: 'Watches an execution, or a view against a threshold.',
    body: bodies.addWatch,
    answer: answers.watch,
    status: 201,
    errors: ['bad_request', STORE, 'too_many_watches'],
  },
  stopWatch: {
    summary: 'Stops one of your watches.',
    body: bodies.stopWatch,
    answer: answers.watchStopped,
    errors: ['bad_request', STORE],
  },
  watchStream: {
    summary:
      'Your watches and their notices as an event stream (Last-Event-ID resumes); a tab has them on /live with watches=1.',
    answer: answers.eventStream,
    errors: [STORE, 'too_many_streams'],
  },
} as const satisfies Record<RouteName, RouteSchemas>

type Table = { [N in RouteName]: (typeof ROUTES)[N] & (typeof SCHEMAS)[N] }

export const ROUTE_TABLE = Object.fromEntries(
  Object.entries(ROUTES).map(([name, address]) => [name, { ...address, ...SCHEMAS[name as RouteName] }]),
) as Table

/** What a route's query holds once read (its own parameters; the view apart). */
export type RouteQuery<N extends RouteName> = Table[N] extends { query: infer Q extends z.ZodMiniType }
  ? z.output<Q>
  : Record<string, never>

/** What a route's body holds once read. */
export type RouteBody<N extends RouteName> = Table[N] extends { body: infer B extends z.ZodMiniType }
  ? z.output<B>
  : undefined

/** The query a caller sends: the route's parameter names, each a value written as text. */
export type RouteQueryInput<N extends RouteName> = Table[N] extends { query: infer Q extends z.ZodMiniType }
  ? { [K in keyof z.input<Q>]?: string | number | boolean | null }
  : never

/** The body a caller sends. */
export type RouteBodyInput<N extends RouteName> = Table[N] extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : never
