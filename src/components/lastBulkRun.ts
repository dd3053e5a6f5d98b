import { sessionSlice } from '../lib/clientStore'

/**
 * The last bulk reschedule of this session: what the bulk dialog ran (`run`: its id in the audit trail), for the
 * bulk bar's Last bulk run and for the tools that must not be read as being about it (an export reflects the
 * current filter, not that set). Sign-out forgets it.
 */
export const lastBulkRunSlice = sessionSlice<{ count: number; at: number; run: string } | null>(
  'last-bulk-run',
  () => null,
)
