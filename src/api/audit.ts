import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { readAuditPage } from './recentMarks'
import { callRoute, routePath } from './route'
import { apiBase } from './transport'

export type { AuditRecord } from './recentReschedules'

export interface AuditFilters {
  user: string
  execution: string
  outcome: string
  /** A bulk run's id (or its start, as the table shows it). */
  bulk: string
  /** Instants (ms epoch) the records lie between, `from` inclusive; null is open. */
  from: number | null
  to: number | null
  /** `reschedule` or `acknowledge`; '' or absent for both. */
  kind?: string
  /** Records of this many ms back from the moment of asking (instead of `from`). */
  sinceMs?: number | null
}

const instant = (at: number | null) => (at === null ? null : new Date(at).toISOString())

/** The filters as the audit route reads them. */
const auditQueryOf = (filters: AuditFilters) => ({
  user: filters.user.trim(),
  execution: filters.execution.trim(),
  outcome: filters.outcome.trim(),
  bulk: filters.bulk.trim(),
  kind: (filters.kind ?? '').trim(),
  // A span back from now is made an instant as the trail is asked (the query's key holds the span).
  from: filters.sinceMs ? instant(Date.now() - filters.sinceMs) : instant(filters.from),
  to: instant(filters.to),
})

/** Where the browser downloads every record of these filters as a file (same origin, the session's cookie). */
export function auditExportHref(filters: AuditFilters, format: 'csv' | 'ndjson'): string {
  return `${apiBase()}${routePath('audit', { query: { ...auditQueryOf(filters), format } })}`
}

export function auditQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callRoute('audit', {
        query: { ...auditQueryOf(filters), size: 50, after: pageParam },
        read: readAuditPage,
        signal,
      }),
    getNextPageParam: (last) => (last.page_info.has_next_page ? last.page_info.end_cursor : null),
  })
}

/** The newest record of one execution at any age (the attempts panel says who last rescheduled it), or null. */
export function lastRescheduleQuery(executionId: string) {
  return queryOptions({
    queryKey: ['audit', 'last', executionId] as const,
    queryFn: async ({ signal }) => {
      const page = await callRoute('audit', {
        query: { execution: executionId, size: 1, kind: 'reschedule' },
        read: readAuditPage,
        signal,
      })
      return page.data[0] ?? null
    },
    retry: false,
  })
}
