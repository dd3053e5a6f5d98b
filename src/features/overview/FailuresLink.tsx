import { useQuery } from '@tanstack/react-query'
import { triageQuery } from '../../api/triage'
import { useUnstreamedInterval } from '../../components/RefreshSettings'
import { countPrefix, formatCount } from '../../lib/coverageWords'
import { useUrlSearch } from '../../lib/useUrlSearch'
import { paramsOf } from '../../lib/viewUrl'
import type { ListFilters } from '../../../shared/filters'
import type { TimeWindow } from '../../../shared/timeWindow'
import { GROUP_PARAM, TRIAGE_PARAM } from '../../../shared/triage'

/** A new acknowledgement by anyone shows within this (while refresh is on); the live stream keeps to it too. */
const MOST_MS = 5_000

/** Opens the failure groups board, saying how many failures of the view nobody has addressed yet. */
export function FailuresLink({ filters, window }: { filters: ListFilters; window: TimeWindow }) {
  const [search, navigate] = useUrlSearch()
  const open = paramsOf(search).get(TRIAGE_PARAM) === '1'
  // While the tab's live stream is open, the summary comes on it (only when it changed): no poll of its own.
  const interval = useUnstreamedInterval()
  const summary = useQuery({
    ...triageQuery(filters, window, null),
    refetchInterval: interval === false ? false : Math.min(interval, MOST_MS),
    retry: false,
  }).data
  const toggle = () => {
    const next = paramsOf(globalThis.location.search)
    if (open) {
      next.delete(TRIAGE_PARAM)
      next.delete(GROUP_PARAM)
    } else next.set(TRIAGE_PARAM, '1')
    navigate(next, 'push')
  }
  // "No failures" only when the index has counted the whole view: while counting, zero is a lower bound.
  const count = !summary
    ? ''
    : summary.failed === 0 && summary.coverage.kind === 'exact'
      ? ': no failures'
      : summary.failed === 0 && summary.coverage.kind === 'counting'
        ? ': counting…'
        : `: ${countPrefix(summary.coverage)}${formatCount(summary.unaddressed)} unaddressed`
  return (
    <button type="button" className="button button-small" aria-pressed={open} onClick={toggle}>
      Failure groups{count}
    </button>
  )
}
