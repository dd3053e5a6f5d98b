import '../../styles/overview.css'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { overviewQuery, readAnswer } from '../../api'
import { liveStatusSlice } from '../../components/liveStatus'
import { useUnstreamedInterval } from '../../components/RefreshSettings'
import { useTimeMode } from '../../components/TimeDisplay'
import { firstPage } from '../../lib/cursorTrail'
import { useSlice } from '../../lib/useClientStore'
import { useUrlSearch } from '../../lib/useUrlSearch'
import { paramsOf, readListView, writeListView } from '../../lib/viewUrl'
import type { ListFilters } from '../../../shared/filters'
import { filtersKey } from '../../../shared/filtersKey'
import type { ListSort } from '../../../shared/listSort'
import { readOverviewAnswer } from '../../../shared/overview'
import { readWindowParams, writeWindowParams, type TimeWindow } from '../../../shared/timeWindow'
import { FailuresLink } from './FailuresLink'
import { OverviewStrip } from './OverviewStrip'

const readOverview = (payload: unknown) => readAnswer(readOverviewAnswer, payload)

/**
 * The overview of the list's filters and time window (both in the URL), from the server's index: fed by the
 * tab's live stream while it is open, else refreshed on the list's interval.
 */
export function Overview() {
  const [search, navigate] = useUrlSearch()
  const { view } = useMemo(() => readListView(search), [search])
  const key = filtersKey(view)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the filters
  const filters = useMemo<ListFilters>(() => ({ states: view.states, metadata: view.metadata }), [key])
  const { window: timeWindow } = useMemo(() => readWindowParams(paramsOf(search)), [search])
  const live = useSlice(liveStatusSlice)
  const timeMode = useTimeMode()
  const interval = useUnstreamedInterval()
  const query = useQuery({
    ...overviewQuery(filters, timeWindow),
    select: readOverview,
    refetchInterval: interval,
  })

  const setWindow = useCallback(
    (next: TimeWindow) => navigate(writeWindowParams(next, paramsOf(window.location.search)), 'push'),
    [navigate],
  )
  const pickState = useCallback(
    (state: string) => {
      const current = readListView(window.location.search).view
      const states = current.states.length === 1 && current.states[0] === state ? [] : [state]
      navigate(writeListView(firstPage({ ...current, states }), window.location.search), 'replace')
    },
    [navigate],
  )
  const showRunningBefore = useCallback(
    (start: number) => {
      const current = readListView(window.location.search).view
      const listed = writeListView(
        firstPage({ ...current, states: ['created', 'started'] }),
        window.location.search,
      )
      const field = readWindowParams(paramsOf(window.location.search)).window.field
      navigate(writeWindowParams({ kind: 'absolute', from: null, to: start, field }, listed), 'push')
    },
    [navigate],
  )
  const setSort = useCallback(
    (sort: ListSort | null) => {
      const current = readListView(window.location.search).view
      navigate(writeListView(firstPage({ ...current, sort }), window.location.search), 'replace')
    },
    [navigate],
  )
  // The same element while the view stays, so a new answer (a new "as of" every few seconds) does not render it.
  const tools = useMemo(() => <FailuresLink filters={filters} window={timeWindow} />, [filters, timeWindow])
  const { refetch } = query
  return (
    <OverviewStrip
      answer={query.data}
      error={query.error}
      isPending={query.isPending}
      onRetry={() => void refetch()}
      window={timeWindow}
      onWindowChange={setWindow}
      sort={view.sort}
      onSortChange={setSort}
      activeStates={view.states}
      onPickState={pickState}
      onShowRunningBefore={showRunningBefore}
      live={live}
      utc={timeMode === 'utc'}
      tools={tools}
    />
  )
}
