import { lazy, Suspense } from 'react'
import type { WindowedFilters } from './useDryRun'

const BulkDialog = lazy(async () => ({ default: (await import('./BulkDialog')).BulkDialog }))

/** The bulk reschedule of everything matching these filters and window (a failure group, from the board). */
export function MatchingRescheduleDialog({
  filters,
  onClose,
}: {
  filters: WindowedFilters
  onClose: () => void
}) {
  return (
    <Suspense fallback={<span role="status">Opening…</span>}>
      <BulkDialog source={{ kind: 'matching', filters }} onClose={onClose} />
    </Suspense>
  )
}
