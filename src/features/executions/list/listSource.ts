import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { executionListQuery, freshExecutionListQuery, isFromIndex, type ListParams } from '../../../api'
import { liveStatusSlice, openingStatus } from '../../../components/liveStatus'
import { useRefetchInterval } from '../../../components/RefreshSettings'
import { useClientStore, useSlice } from '../../../lib/useClientStore'

const COUNTING_REFRESH_MS = 2_000

/**
 * How often the list reads its page itself: never before the live code is there (its first answer is drawn as
 * it is) or while refresh is off or held by an open dialog (rows do not move then); soon while the index is still
 * counting (it costs the API nothing); never while the server's stream carries it; else on the Refresh interval.
 */
export function listRefetchInterval(state: {
  liveReady: boolean
  interval: number | false
  counting: boolean
  streamed: boolean
}): number | false {
  if (!state.liveReady || state.interval === false) return false
  if (state.counting) return COUNTING_REFRESH_MS
  return state.streamed ? false : state.interval
}

/**
 * Where the list's answers come from, and the one place that decides how it stays fresh: the server's live
 * stream (components/liveFeed.ts) while it is open, else the query refetched every few seconds (the Refresh
 * settings; both held while a dialog is open). Nothing else in the list polls.
 *
 * The stream and the live rows (what holds new arrivals back) load with the list's controls, as the app starts
 * (`feed` is what ExecutionsPage hands the stream). Until `liveReady` the list asks nothing again on its own:
 * its first answer is drawn as it is, and the next one waits for the code that decides what to hold.
 */
export function useExecutionListSource(params: ListParams, liveReady: boolean) {
  const client = useQueryClient()
  const interval = useRefetchInterval()
  const live = useSlice(liveStatusSlice)
  const store = useClientStore()
  // Until the stream's code is there, the status (the overview says it) is what the stream will start with.
  useEffect(() => {
    if (!liveReady) store.set(liveStatusSlice, openingStatus(interval, document.visibilityState !== 'hidden'))
  }, [liveReady, interval, store])
  const query = useQuery({
    ...executionListQuery(params),
    refetchOnWindowFocus: liveReady,
    refetchOnReconnect: liveReady,
    refetchInterval: (current) =>
      listRefetchInterval({
        liveReady,
        interval,
        counting: current.state.data?.coverage?.kind === 'counting',
        streamed: live === 'live' && !isFromIndex(params),
      }),
  })
  // Refresh now asks the API itself: the server's answer of a moment ago does not stand in for it.
  const refresh = useCallback(
    () => void client.query(freshExecutionListQuery(params)).catch(() => {}),
    [client, params],
  )
  // On intent only (the pointer or focus on Next), never on a poll: a live list's end cursor moves with
  // every refresh, and prefetching each one would double the traffic. A failure here is not the user's
  // problem; the page reports its own when it is opened.
  const prefetch = useCallback(
    (next: ListParams) => void client.query(executionListQuery(next)).catch(() => {}),
    [client],
  )
  return {
    /** The answer on screen: the view's own, or the last view's while this one loads (`isPlaceholder`). */
    page: query.data,
    isPlaceholder: query.isPlaceholderData,
    isPending: query.isPending,
    isRefreshing: query.isFetching && !query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    failureReason: query.failureReason,
    failureCount: query.failureCount,
    /** Whether the server's stream keeps it fresh, or the tab polls (or neither). */
    live,
    /** What the live feed (LazyControls' LiveFeed) opens its stream for. */
    feed: { params, everyMs: interval },
    /** When the answer on screen arrived (ms epoch); 0 before any. */
    updatedAt: query.dataUpdatedAt,
    refresh,
    prefetch,
  }
}

export type ExecutionListSource = ReturnType<typeof useExecutionListSource>
