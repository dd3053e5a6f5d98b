import { identify, type IdentitySettings } from '../audit/identity.ts'
import {
  AUDIT_OUTCOMES,
  decodeCursor,
  type AuditKind,
  type AuditOutcome,
  type AuditQuery,
  type AuditTrail,
} from '../audit/trail.ts'
import { RECENT_TRAIL_MS, RECENT_TRAIL_SIZE } from '../../shared/recentTrail.ts'
import { sendJson, sendJsonError } from '../http/json.ts'
import type { ProxyTrust } from '../http/origin.ts'
import type { OwnRoute } from './api.ts'
import { streamAuditExport } from './auditExport.ts'
import { DEFAULT_EXPORT_MAX_ROWS } from './exportStream.ts'

export const AUDIT_PATH = '/audit'
export const WHOAMI_PATH = '/whoami'
const MAX_TEXT = 200

/** GET /api/whoami: who the dashboard thinks you are, where that came from, and whether you may reschedule. */
export function whoamiRoute(identity: IdentitySettings, trust: ProxyTrust, audited: boolean): OwnRoute {
  return (req, res, credentials) => {
    const who = identify(req, credentials, trust, identity)
    sendJson(res, 200, { user: who.user, via: who.via, role: who.role, refusal: who.refusal, audited })
    return Promise.resolve({ status: 200, route: 'whoami' })
  }
}

function readInstant(text: string | null, name: string, problems: string[]): number | undefined {
  if (text === null || text === '') return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at)) problems.push(`${name} must be a date and time such as 2026-11-23T09:30:00Z`)
  return Number.isNaN(at) ? undefined : at
}

const AUDIT_PARAMS = ['user', 'execution', 'bulk', 'kind', 'outcome', 'from', 'to', 'size', 'after', 'format']
const AUDIT_PARAMS_TAKEN =
  'user, execution, bulk, kind, outcome, from, to, size (records a page, 1 to 500), ' +
  'after (the end_cursor of the page before) and format'

/** A parameter the route does not take (limit, before) would otherwise be ignored, and the answer not the one meant. */
function unknownParams(params: URLSearchParams): string[] {
  const unknown = [...new Set(params.keys())].filter((name) => !AUDIT_PARAMS.includes(name))
  if (unknown.length === 0) return []
  const named = unknown.map((name) => `“${name.slice(0, 40)}”`).join(', ')
  return [`Unknown parameter ${named}: /api/audit takes ${AUDIT_PARAMS_TAKEN}`]
}

/** The trail's filters from a query string, and what in them cannot be used. */
export function readAuditQuery(params: URLSearchParams): { query: AuditQuery; problems: string[] } {
  const problems: string[] = []
  const text = (name: string) => {
    const value = params.get(name)
    if (value !== null && value.length > MAX_TEXT)
      problems.push(`${name} is longer than ${MAX_TEXT} characters`)
    return value || undefined
  }
  const outcome = text('outcome')
  if (outcome !== undefined && !(AUDIT_OUTCOMES as readonly string[]).includes(outcome))
    problems.push(`outcome must be one of ${AUDIT_OUTCOMES.join(', ')}`)
  const kind = text('kind')
  if (kind !== undefined && kind !== 'reschedule' && kind !== 'acknowledge')
    problems.push('kind must be reschedule or acknowledge')
  const first = Number(params.get('size') ?? 50)
  if (!Number.isInteger(first) || first < 1 || first > 500)
    problems.push('size must be a whole number from 1 to 500')
  const query = {
    user: text('user'),
    execution: text('execution'),
    bulkRun: text('bulk'),
    kind: kind as AuditKind | undefined,
    outcome: outcome as AuditOutcome | undefined,
    from: readInstant(params.get('from'), 'from', problems),
    to: readInstant(params.get('to'), 'to', problems),
    first,
    after: text('after') ?? null,
  }
  // A cursor the trail did not write would page from the top, unseen: the records would not be the ones asked for.
  if (query.after !== null && decodeCursor(query.after) === null)
    problems.push('after must be the end_cursor of the page before')
  return { query, problems }
}

/**
 * GET /api/audit?user=…&execution=…&outcome=…&bulk=…&from=…&to=…&size=…&after=…: the reschedules the server
 * forwarded (and refused), newest first. `unknown` includes records whose outcome was never written. With
 * `format=csv` or `format=ndjson`, every matching record as a file (auditExport.ts).
 */
export function auditRoute(trail: AuditTrail | null, maxRows = DEFAULT_EXPORT_MAX_ROWS): OwnRoute {
  return async (req, res) => {
    if (!trail) {
      sendJsonError(
        res,
        503,
        'store_unavailable',
        'The audit trail needs the store, which is off on this server.',
      )
      return { status: 503, route: 'audit', detail: 'store_unavailable' }
    }
    const params = new URLSearchParams((req.url ?? '').split('?')[1] ?? '')
    const { query, problems } = readAuditQuery(params)
    const format = params.get('format')
    if (format !== null && format !== 'csv' && format !== 'ndjson')
      problems.push(`Unknown format “${format.slice(0, 40)}”: use csv or ndjson`)
    problems.push(...unknownParams(params))
    if (problems.length > 0) {
      sendJsonError(res, 400, 'bad_request', `${problems.join('; ')}.`)
      return { status: 400, route: 'audit', detail: 'bad_request' }
    }
    if (format === 'csv' || format === 'ndjson') {
      const rows = await streamAuditExport(res, trail, query, { format, maxRows })
      return { status: 200, route: 'audit', detail: `export rows=${rows}` }
    }
    sendJson(res, 200, await auditPage(trail, query))
    return { status: 200, route: 'audit' }
  }
}

/** A page of the trail as GET /api/audit answers it. */
async function auditPage(trail: AuditTrail, query: AuditQuery) {
  const page = await trail.list(query)
  return { data: page.records, page_info: { has_next_page: page.hasNext, end_cursor: page.endCursor } }
}

/** The page of recent reschedules the list marks its rows with, as a tab would read it (for its live stream). */
export function recentReschedules(trail: AuditTrail, now = Date.now()) {
  return auditPage(trail, { kind: 'reschedule', from: now - RECENT_TRAIL_MS, first: RECENT_TRAIL_SIZE })
}
