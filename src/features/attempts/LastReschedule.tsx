import { useQuery } from '@tanstack/react-query'
import { lastRescheduleQuery } from '../../api'
import type { AuditRecord } from '../../api/audit'
import { formatAge } from '../../lib/formatAge'

function outcomeWords(record: AuditRecord): string {
  switch (record.outcome) {
    case 'rescheduled':
      return 'rescheduled'
    case 'refused_by_api':
      return `refused by the API${record.status === null ? '' : ` (HTTP ${record.status})`}`
    case 'not_permitted':
      return 'refused by the dashboard: not permitted'
    default:
      return 'outcome unknown'
  }
}

/**
 * Who last rescheduled this execution through the dashboard, when, and what came of it, from the audit trail
 * (anyone, at any age). Nothing when the trail has no record or is off.
 */
export function LastReschedule({ id, now }: { id: string; now: number }) {
  const record = useQuery(lastRescheduleQuery(id)).data
  if (!record) return null
  return (
    <div>
      <dt>Last reschedule</dt>
      <dd>
        by {record.user}, {formatAge(record.at, now)}: {outcomeWords(record)}
      </dd>
    </div>
  )
}
