import { useCallback, useState } from 'react'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { useTimeMode } from '../components/TimeDisplay'
import { SampleLinks } from '../features/attempts'
import { MatchingRescheduleDialog, type WindowedFilters } from '../features/bulk-reschedule'
import { focusFirstGroup, LazyFailureBoard } from '../features/triage'
import type { HistoryMode } from '../lib/useUrlSearch'
import { paramsOf, readListView } from '../lib/viewUrl'
import { readWindowParams } from '../../shared/timeWindow'
import {
  groupByText,
  GROUP_PARAM,
  OPEN_GROUP_PARAM,
  readGroupBy,
  TRIAGE_PARAM,
  type GroupBy,
} from '../../shared/triage'

interface Rescheduling {
  filters: WindowedFilters
  group?: { id: string; name: string }
}

/*
 * The failure groups board (`triage=1` in the URL) and the bulk reschedule it opens for one group: composed here,
 * so neither feature reaches into the other. Loaded only when the board is open. The grouping, and the group whose
 * samples are shown, are in the URL: a link carries them, and the board never changes them on its own.
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
  const [rescheduling, setRescheduling] = useState<Rescheduling | null>(null)
  // The grouping the board suggested on first open, until the user chooses one.
  const [suggested, setSuggested] = useState(false)
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const next = paramsOf(globalThis.location.search)
      edit(next)
      onNavigate(next, 'replace')
    },
    [onNavigate],
  )
  const writeGroupBy = useCallback(
    (groupBy: GroupBy) =>
      change((next) => {
        const text = groupByText(groupBy)
        if (text) next.set(GROUP_PARAM, text)
        else next.delete(GROUP_PARAM)
        next.delete(OPEN_GROUP_PARAM)
      }),
    [change],
  )
  const keepSuggestion = useCallback(
    (groupBy: GroupBy) => {
      setSuggested(true)
      writeGroupBy(groupBy)
    },
    [writeGroupBy],
  )
  const params = paramsOf(search)
  if (params.get(TRIAGE_PARAM) !== '1') return null
  const { view } = readListView(search)
  const { window } = readWindowParams(params)
  return (
    <ErrorBoundary section="Failure groups">
      <LazyFailureBoard
        filters={view}
        window={window}
        groupBy={readGroupBy(params.get(GROUP_PARAM))}
        suggested={suggested}
        onSuggested={keepSuggestion}
        openGroup={params.get(OPEN_GROUP_PARAM)}
        onToggleGroup={(id) =>
          change((next) => (id === null ? next.delete(OPEN_GROUP_PARAM) : next.set(OPEN_GROUP_PARAM, id)))
        }
        utc={utc}
        onGroupByChange={(groupBy) => {
          setSuggested(false)
          writeGroupBy(groupBy)
        }}
        onClose={() => {
          setSuggested(false)
          change((next) => {
            for (const name of [TRIAGE_PARAM, GROUP_PARAM, OPEN_GROUP_PARAM]) next.delete(name)
          })
        }}
        onOpenExecution={onOpenExecution}
        renderSampleLinks={(execution) => <SampleLinks execution={execution} />}
        onRescheduleGroup={(filters, range, group) =>
          setRescheduling({
            filters: { ...filters, ...(range.kind === 'any' ? {} : { window: range }) },
            ...(group ? { group } : {}),
          })
        }
      />
      {rescheduling ? (
        <MatchingRescheduleDialog
          filters={rescheduling.filters}
          {...(rescheduling.group ? { name: rescheduling.group.name, group: rescheduling.group.id } : {})}
          onClose={() => {
            setRescheduling(null)
            // Back to the group's row; if the group has left the board meanwhile, to the first group.
            requestAnimationFrame(() => {
              if (document.activeElement === document.body) focusFirstGroup()
            })
          }}
        />
      ) : null}
    </ErrorBoundary>
  )
}
