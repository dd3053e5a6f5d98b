import { queryOptions } from '@tanstack/react-query'
import type { AuditRecord } from '../../shared/auditRecord'

/** One reschedule the dashboard's server forwarded (or refused), as GET /api/audit lists it. */
export type { AuditRecord }

/** Who last rescheduled an execution through this dashboard, as the trail says (for every viewer). */
export interface TrailMark {
  user: string
  at: number
  /** `rescheduled`, or `pending`/`unknown`: sent, and whether the API acted is not known. */
  outcome: AuditRecord['outcome']
}

/**
 * The last hour's reschedules from the trail, newest per execution: one small read for the whole list (the rows say
 * "Rescheduled by alice"). Refused ones are left out: they did nothing. A trail that is off (no store) marks nothing.
 * How it is read loads with its first call (./recentMarks), not with the first table.
 */
export function recentReschedulesQuery() {
  return queryOptions({
    queryKey: ['audit', 'recent'] as const,
    queryFn: async ({ signal }) => (await import('./recentMarks')).readRecentMarks(signal),
    retry: false,
  })
}

/** The marks of a page of the trail that came another way (the live stream); null when it is not such a page. */
export async function marksOfPage(payload: unknown): Promise<Record<string, TrailMark> | null> {
  const { readAuditPage, marksOf } = await import('./recentMarks')
  const page = readAuditPage(payload)
  return page.ok ? marksOf(page.value.data) : null
}
