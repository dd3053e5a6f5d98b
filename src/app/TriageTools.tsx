import { useState } from 'react'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { useTimeMode } from '../components/TimeDisplay'
import { LazyRowLinks } from '../features/attempts'
import { MatchingRescheduleDialog, type WindowedFilters } from '../features/bulk-reschedule'
import { LazyFailureBoard } from '../features/triage'
import type { HistoryMode } from '../lib/useUrlSearch'
import { paramsOf, readListView } from '../lib/viewUrl'
import { readWindowParams } from '../../shared/timeWindow'
import { groupByText, GROUP_PARAM, readGroupBy, TRIAGE_PARAM, type GroupBy } from '../../shared/triage'

/*
 * The failure groups board (`triage=1` in the URL) and the bulk reschedule it opens for one group: composed here,
 * so neither feature reaches into the other. Loaded only when the board is open.
 */
export function TriageTools({
  search,
  onNavigate,
  onOpenExecution,
}: {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
  onOpenExecution: (id: string) => void
}) {
  const utc = useTimeMode() === 'utc'
  const [rescheduling, setRescheduling] = useState<WindowedFilters | null>(null)
  const params = paramsOf(search)
  if (params.get(TRIAGE_PARAM) !== '1') return null
  const { view } = readListView(search)
  const { window } = readWindowParams(params)
  const change = (edit: (next: URLSearchParams) => void) => {
    const next = paramsOf(globalThis.location.search)
    edit(next)
    onNavigate(next, 'replace')
  }
  const setGroupBy = (groupBy: GroupBy) =>
    change((next) => {
      const text = groupByText(groupBy)
      if (text) next.set(GROUP_PARAM, text)
      else next.delete(GROUP_PARAM)
    })
  return (
    <ErrorBoundary section="Failure groups">
      <LazyFailureBoard
        filters={view}
        window={window}
        groupBy={readGroupBy(params.get(GROUP_PARAM))}
        utc={utc}
        onGroupByChange={setGroupBy}
        onClose={() =>
          change((next) => {
            next.delete(TRIAGE_PARAM)
            next.delete(GROUP_PARAM)
          })
        }
        onOpenExecution={onOpenExecution}
        renderSampleLinks={(execution) => <LazyRowLinks execution={execution} />}
        onRescheduleGroup={(filters, range) =>
          setRescheduling({ ...filters, ...(range.kind === 'any' ? {} : { window: range }) })
        }
      />
      {rescheduling ? (
        <MatchingRescheduleDialog filters={rescheduling} onClose={() => setRescheduling(null)} />
      ) : null}
    </ErrorBoundary>
  )
}
