import type { AuditRecord, TrailMark } from './recentReschedules'
import { callRoute } from './route'
import type { ReadResult } from '../../shared/readResult'
import { RECENT_TRAIL_MS, RECENT_TRAIL_SIZE } from '../../shared/recentTrail'

export interface AuditPage {
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

const ACTED: readonly string[] = ['rescheduled', 'pending', 'unknown']

/** The newest reschedule per execution of a page of the trail, newest first; refused ones did nothing. */
export function marksOf(records: readonly AuditRecord[]): Record<string, TrailMark> {
  const marks: Record<string, TrailMark> = {}
  for (const record of records)
    if (ACTED.includes(record.outcome) && !(record.executionId in marks))
      marks[record.executionId] = { user: record.user, at: record.at, outcome: record.outcome }
  return marks
}

/** The trail's last hour (GET /api/audit), newest reschedule per execution. */
export async function readRecentMarks(signal: AbortSignal): Promise<Record<string, TrailMark>> {
  const page = await callRoute('audit', {
    query: {
      from: new Date(Date.now() - RECENT_TRAIL_MS).toISOString(),
      size: RECENT_TRAIL_SIZE,
      kind: 'reschedule',
    },
    read: readAuditPage,
    signal,
  })
  return marksOf(page.data)
}
