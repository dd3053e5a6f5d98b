import { queryOptions } from '@tanstack/react-query'
import type { ReadResult } from '../shared/listAnswer'
import { apiRequest } from './transport'

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

interface AuditPage {
  data: AuditRecord[]
  page_info: { has_next_page: boolean; end_cursor: string | null }
}

/** A page of GET /api/audit. The first table reads only the recent reschedules; the other reads are in `./audit`. */
export function readAuditPage(payload: unknown): ReadResult<AuditPage> {
  const page = payload as Partial<AuditPage> | null
  return page && Array.isArray(page.data) && typeof page.page_info === 'object'
    ? { ok: true, value: page as AuditPage }
    : { ok: false, problems: [{ path: 'data', message: 'expected a list of records' }] }
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
