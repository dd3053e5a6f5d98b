import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { ReadResult } from '../shared/listAnswer'
import { API_BASE, apiRequest } from './transport'

/** One reschedule the dashboard's server forwarded (or refused), as GET /api/audit lists it. */
export interface AuditRecord {
  id: string
  at: number
  user: string
  via: string
  executionId: string
  bulkRun: string | null
  requestId: string
  /** `pending`: sent, and no outcome was recorded (the server stopped): unknown. */
  outcome:
    | 'pending'
    | 'rescheduled'
    | 'refused_by_api'
    | 'unknown'
    | 'not_permitted'
    | 'acknowledged'
    | 'unacknowledged'
  status: number | null
  resultState: string | null
  detail: string | null
}

export interface AuditFilters {
  user: string
  execution: string
  outcome: string
  /** A bulk run's id (or its start, as the table shows it). */
  bulk: string
  /** Instants (ms epoch) the records lie between, `from` inclusive; null is open. */
  from: number | null
  to: number | null
}

interface AuditPage {
  data: AuditRecord[]
  page_info: { has_next_page: boolean; end_cursor: string | null }
}

function readAuditPage(payload: unknown): ReadResult<AuditPage> {
  const page = payload as Partial<AuditPage> | null
  return page && Array.isArray(page.data) && typeof page.page_info === 'object'
    ? { ok: true, value: page as AuditPage }
    : { ok: false, problems: [{ path: 'data', message: 'expected a list of records' }] }
}

/** The filters as the audit route reads them. */
function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of ['user', 'execution', 'outcome', 'bulk'] as const) {
    const value = filters[name].trim()
    if (value) params.set(name, value)
  }
  if (filters.from !== null) params.set('from', new Date(filters.from).toISOString())
  if (filters.to !== null) params.set('to', new Date(filters.to).toISOString())
  return params
}

/** Where the browser downloads every record of these filters as a file (same origin, the session's cookie). */
export function auditExportHref(filters: AuditFilters, format: 'csv' | 'ndjson'): string {
  const params = auditParams(filters)
  params.set('format', format)
  return `${API_BASE}/audit?${params.toString()}`
}

export function auditQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = auditParams(filters)
      params.set('size', '50')
      if (pageParam) params.set('after', pageParam)
      return apiRequest({ method: 'GET', path: `/audit?${params.toString()}`, read: readAuditPage, signal })
    },
    getNextPageParam: (last) => (last.page_info.has_next_page ? last.page_info.end_cursor : null),
  })
}

/** Who last rescheduled an execution through this dashboard, as the trail says (for every viewer). */
export interface TrailMark {
  user: string
  at: number
  /** `rescheduled`, or `pending`/`unknown`: sent, and whether the API acted is not known. */
  outcome: AuditRecord['outcome']
}

const RECENT_MS = 3_600_000
const ACTED: readonly string[] = ['rescheduled', 'pending', 'unknown']

/**
 * The last hour's reschedules from the trail, newest per execution: one small read for the whole list (the rows say
 * "Rescheduled by alice"). Refused ones are left out: they did nothing. A trail that is off (no store) marks nothing.
 */
export function recentReschedulesQuery() {
  return queryOptions({
    queryKey: ['audit', 'recent'] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        from: new Date(Date.now() - RECENT_MS).toISOString(),
        size: '200',
        kind: 'reschedule',
      })
      const page = await apiRequest({
        method: 'GET',
        path: `/audit?${params.toString()}`,
        read: readAuditPage,
        signal,
      })
      const marks: Record<string, TrailMark> = {}
      for (const record of page.data)
        if (ACTED.includes(record.outcome) && !(record.executionId in marks))
          marks[record.executionId] = { user: record.user, at: record.at, outcome: record.outcome }
      return marks
    },
    retry: false,
  })
}

/** The newest record of one execution at any age (the attempts panel says who last rescheduled it), or null. */
export function lastRescheduleQuery(executionId: string) {
  return queryOptions({
    queryKey: ['audit', 'last', executionId] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ execution: executionId, size: '1', kind: 'reschedule' })
      const page = await apiRequest({
        method: 'GET',
        path: `/audit?${params.toString()}`,
        read: readAuditPage,
        signal,
      })
      return page.data[0] ?? null
    },
    retry: false,
  })
}
