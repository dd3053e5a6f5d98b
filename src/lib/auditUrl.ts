import { AUDIT_PARAM } from './auditOpen'
import { paramsOf } from './viewUrl'

export { AUDIT_PARAM, isAuditOpen } from './auditOpen'

/*
 * The audit trail as a view of its own in the page URL: `audit=1` opens it, `audit.<filter>` holds each filter
 * (user, action, outcome, execution, run, and the time: a span back from now or a range). The list's own
 * parameters stay as they are, so closing the trail is the list as it was; a link carries both.
 */
const PREFIX = 'audit.'

export const AUDIT_SPANS = ['1h', '24h', '7d'] as const
export type AuditSpan = (typeof AUDIT_SPANS)[number]
export const AUDIT_SPAN_MS: Record<AuditSpan, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
}
export const AUDIT_ACTIONS = ['reschedule', 'acknowledge'] as const

export interface AuditView {
  user: string
  /** `reschedule` or `acknowledge` (an acknowledgement and its undo); '' for both. */
  action: string
  outcome: string
  execution: string
  /** A run's id, or its start as the trail shows it. */
  run: string
  /** Back from now; null with a range or none. */
  span: AuditSpan | null
  /** Instants (ms epoch), `from` inclusive; null is open. */
  from: number | null
  to: number | null
}

export const NO_AUDIT_FILTERS: AuditView = {
  user: '',
  action: '',
  outcome: '',
  execution: '',
  run: '',
  span: null,
  from: null,
  to: null,
}

const TEXTS = ['user', 'action', 'outcome', 'execution', 'run'] as const

const instant = (text: string | null) => {
  const at = text ? Date.parse(text) : Number.NaN
  return Number.isNaN(at) ? null : at
}

/** Never throws: a value that does not read is left out. */
export function readAuditView(search: string): AuditView {
  const params = paramsOf(search)
  const view = { ...NO_AUDIT_FILTERS }
  for (const name of TEXTS) view[name] = (params.get(PREFIX + name) ?? '').slice(0, 200)
  if (!(AUDIT_ACTIONS as readonly string[]).includes(view.action)) view.action = ''
  const span = params.get(`${PREFIX}span`)
  view.span = (AUDIT_SPANS as readonly (string | null)[]).includes(span) ? (span as AuditSpan) : null
  if (view.span === null) {
    view.from = instant(params.get(`${PREFIX}from`))
    view.to = instant(params.get(`${PREFIX}to`))
  }
  return view
}

/** The trail opened (or closed, with null) with these filters; every other parameter is kept. */
export function withAuditView(current: string | URLSearchParams, view: AuditView | null): URLSearchParams {
  const params = paramsOf(current)
  for (const name of [...params.keys()]) if (name.startsWith(PREFIX)) params.delete(name)
  params.delete(AUDIT_PARAM)
  if (view === null) return params
  params.set(AUDIT_PARAM, '1')
  for (const name of TEXTS) if (view[name].trim() !== '') params.set(PREFIX + name, view[name].trim())
  if (view.span !== null) params.set(`${PREFIX}span`, view.span)
  else {
    if (view.from !== null) params.set(`${PREFIX}from`, new Date(view.from).toISOString())
    if (view.to !== null) params.set(`${PREFIX}to`, new Date(view.to).toISOString())
  }
  return params
}

/** Whether any filter is set (an empty trail then says "nothing matches", not "nothing yet"). */
export const hasAuditFilters = (view: AuditView) =>
  TEXTS.some((name) => view[name] !== '') || view.span !== null || view.from !== null || view.to !== null
