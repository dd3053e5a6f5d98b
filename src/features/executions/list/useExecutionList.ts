import { useCallback, useMemo, useState } from 'react'
import {
  executionListQuery,
  type Execution,
  type ExecutionList,
  type ListParams,
  type RejectedRow,
} from '../../../api'
import { cursorPager, previousCursor } from '../../../components/cursorPagerCore'
import { useQueryCacheSelector } from '../../../lib/useQueryCacheSelector'
import { PAGE_SIZES } from '../../../lib/viewUrl'
import { contradictsFilters } from '../../../../shared/filters'
import { listContent, listSummary } from './listContent'
import { useExecutionListSource } from './listSource'
import { useListView } from './listView'
import type { LiveRows } from './useLiveList'

const NO_REJECTED: RejectedRow[] = []
const NO_ROWS: ExecutionList['data'] = []
const NO_IDS: ReadonlySet<string> = new Set()
const NO_LINGERING: LiveRows['lingering'] = []
const nothingHeld = () => {}

/** What the live list draws for this view; until it has taken this view's answer, nothing held or marked. */
function liveModel(live: LiveRows | null, viewKey: string) {
  const current = live !== null && live.viewKey === viewKey ? live : null
  return {
    rows: current?.rows,
    held: current?.held ?? 0,
    changed: current?.changed ?? NO_IDS,
    lingering: current?.lingering ?? NO_LINGERING,
    showHeld: live?.showHeld ?? nothingHeld,
    regionHandlers: live?.regionHandlers,
  }
}

/** How many rows are in each state, as text: equal counts, equal text. */
function stateCountsText(rows: readonly Execution[]): string {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1)
  return JSON.stringify([...counts])
}

/**
 * The executions list as one view model: the view (URL), its answers (listSource.ts, the one place that
 * keeps them fresh), what is drawn from them (listReducer through LiveList, with the controls), paging, the filters' options
 * and the keyboard shortcuts. ExecutionsPage only lays out what this returns. (The filters' own options and
 * suggestions are theirs: they load with the filters.)
 */
export function useExecutionList() {
  const { view, timeWindow, problems, actions } = useListView()
  const params = useMemo<ListParams>(
    () => ({
      first: view.size,
      after: view.after,
      states: view.states,
      metadata: view.metadata,
      ...(timeWindow.kind === 'any' ? {} : { window: timeWindow }),
      ...(view.sort === null ? {} : { sort: view.sort }),
      ...(view.run === null ? {} : { run: view.run }),
    }),
    [view, timeWindow],
  )
  // What the live list (LazyControls' LiveList) draws; null until its code is there (see listSource.ts).
  const [liveRows, setLiveRows] = useState<LiveRows | null>(null)
  const source = useExecutionListSource(params, liveRows !== null)
  const settled = source.isPlaceholder ? undefined : source.page
  const previousKey = executionListQuery({ ...params, after: previousCursor(view) }).queryKey
  const previous = useQueryCacheSelector((client) =>
    view.after === null ? undefined : client.getQueryData<ExecutionList>(previousKey),
  )
  const pager = cursorPager({
    page: settled,
    first: view.size,
    position: view,
    previous,
    onMove: actions.moveTo,
  })
  const viewKey = JSON.stringify(params)
  const { rows: liveShown, ...live } = liveModel(liveRows, viewKey)
  const rows = liveShown ?? source.page?.data ?? NO_ROWS

  // Kept while the counts are the same, so a refresh that changes nothing does not draw the filters again.
  const countsText = useMemo(() => stateCountsText(rows), [rows])
  const stateCounts = useMemo(() => new Map(JSON.parse(countsText) as [string, number][]), [countsText])
  const contradicting = useMemo(
    () => (settled?.data ?? NO_ROWS).filter((row) => contradictsFilters(row, view)).length,
    [settled, view],
  )
  const { nextCursor } = pager
  const { prefetch } = source
  // On intent (the pointer or focus on Next): see listSource.ts.
  const prefetchNext = () => {
    if (nextCursor !== null) prefetch({ ...params, after: nextCursor })
  }
  const { addMetadata } = actions
  const filterByMetadata = useCallback(
    (key: string, value: string) => addMetadata({ key, values: [value] }),
    [addMetadata],
  )

  return {
    view,
    actions,
    filterByMetadata,
    /** What in the link's filters could not be used. */
    linkProblems: problems,
    /** For a list of one bulk run's executions: how many it has and how many the index does not hold. */
    runAnswer: source.page?.run,
    /** How complete the index is, for a list from it (its notice says what it may miss). */
    indexCoverage: rows.length > 0 ? source.page?.coverage : undefined,
    stateCounts,
    contradicting,
    source,
    pager: { ...pager, onNextIntent: prefetchNext, pageSizes: PAGE_SIZES },
    content: listContent({
      view,
      page: source.page,
      isPlaceholder: source.isPlaceholder,
      error: source.error,
    }),
    summary: settled ? listSummary(rows.length, pager.page, pager.hasNext) : '',
    rows,
    rejected: source.page?.rejected ?? NO_REJECTED,
    live: {
      ...live,
      /** For LiveList: the settled answer it takes, and where what it draws goes. */
      answer: {
        viewKey,
        rows: settled?.data,
        isFirstPage: view.after === null,
        receivedAt: source.updatedAt,
      },
      onChange: setLiveRows,
    },
  }
}

export type ExecutionListModel = ReturnType<typeof useExecutionList>
