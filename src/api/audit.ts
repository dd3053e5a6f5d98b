import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { readAuditPage } from './recentMarks'
import { apiBase, apiRequest } from './transport'

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
  return `${apiBase()}/audit?${params.toString()}`
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
