import { BulkDialog } from './lazyDialogs'
import type { WindowedFilters } from './useDryRun'
import { OpeningOnDemand } from '../../components/OpeningOnDemand'

/** The bulk reschedule of everything matching these filters and window (a failure group, from the board). */
export function MatchingRescheduleDialog({
  filters,
  name,
  group,
  onClose,
}: {
  filters: WindowedFilters
  /** What is matched, in words (a failure group and its view). */
  name?: string
  /** The failure group's id on the board. */
  group?: string
  onClose: () => void
}) {
  return (
    <OpeningOnDemand>
      <BulkDialog
        source={{ kind: 'matching', filters, ...(name ? { name } : {}), ...(group ? { group } : {}) }}
        onClose={onClose}
      />
    </OpeningOnDemand>
  )
}
