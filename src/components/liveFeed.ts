import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import {
  apiBase,
  executionListQuery,
  isFromIndex,
  marksOfPage,
  overviewKeys,
  recentReschedulesQuery,
  toListPage,
  routePath,
  routeSearch,
  type Execution,
  type ExecutionList,
  type ListParams,
} from '../api'
import { readTriageAnswer, triageQuery } from '../api/triage'
import type { TriageAnswer } from '../../shared/triage'
import { STORAGE_PREFIX } from '../lib/clientStore'
import { useClientStore, useSlice } from '../lib/useClientStore'
import { useTabLock, useTabPresence } from '../lib/useTabPresence'
import { useUrlSearch } from '../lib/useUrlSearch'
import { askedAtOf } from '../../shared/answerAge'
import { readListEnvelope } from '../../shared/listAnswer'
import { readWindowParams } from '../../shared/timeWindow'
import { listenForWatches, liveWatchesSlice, parse } from './liveWatches'
import { liveStatusSlice, openingStatus, type LiveStatus } from './liveStatus'
import { apiHealthSlice, readApiHealth } from './apiHealth'

/** How long the browser's keeper tab (below) keeps its view's stream once hidden, before it keeps the watches alone. */
export const KEEPER_VIEW_MS = 120_000

/**
 * One Server-Sent Events stream per tab (GET /api/live) with the list page on screen, the overview of its
 * filters and window, the failure groups' summary and the trail's recent reschedules (the rows' marks), and the
 * user's watches and their notices (liveWatches.ts). The server refreshes each distinct view once for every tab
 * watching it, so a tab that listens costs the API nothing of its own. Answers go into the query cache under the
 * keys the list and the overview read; a refused page makes the list refetch it itself (and show why).
 *
 * Closed while the tab is hidden, so background tabs hold none of the browser's connections; shown again, the tab
 * says the last notice it heard and hears those that came meanwhile. One tab of the browser, the keeper (it holds a
 * Web Lock; the next takes over when it closes), keeps its stream while hidden, so a notice is still told in the
 * background (the title's count, a system notification), as issue 23 promised: its view for KEEPER_VIEW_MS (a
 * quick look at another tab costs no reconnect), then the watches alone. With live refresh off the stream carries
 * the watches alone, while the watch feature wants them.
 */
export function useLiveFeed(params: ListParams, everyMs: number | false): LiveStatus {
  const client = useQueryClient()
  const store = useClientStore()
  const [search] = useUrlSearch()
  const presence = useTabPresence(KEEPER_VIEW_MS)
  const { wanted } = useSlice(liveWatchesSlice)
  const keeper = useTabLock(`${STORAGE_PREFIX}watch-keeper:${apiBase()}`, wanted)
  const timeWindow = useMemo(() => readWindowParams(new URLSearchParams(search)).window, [search])
  const filters = useMemo(
    () => ({ states: params.states ?? [], metadata: params.metadata ?? [] }),
    [params.states, params.metadata],
  )
  const supported = typeof EventSource !== 'undefined'
  const seen = presence === 'visible'
  const withView = supported && everyMs !== false && (seen || (keeper && presence === 'hidden'))
  let url: string | null = null
  if (withView) {
    const query = {
      histogram: 1,
      size: params.first,
      after: params.after,
      every: Math.round(everyMs / 1000),
      // The list's own query fetches the page on screen; the server need not fetch it again at once.
      initial: '0',
      // A list from the index (a window or an order) refreshes itself at no upstream cost: counts only.
      list: isFromIndex(params) ? '0' : null,
      // Always asked (a server without watches leaves them out): the watch feature loads later.
      watches: 1,
    } as const
    url = `${apiBase()}${routePath('live', { view: { filters, window: timeWindow }, query })}`
  } else if (supported && wanted && (seen || keeper)) {
    url = `${apiBase()}${routePath('live', { query: { view: '0', watches: 1 } })}`
  }
  const listKey = useMemo(() => executionListQuery(params).queryKey, [params])
  const overviewKey = useMemo(() => overviewKeys.of(filters, timeWindow), [filters, timeWindow])
  const failuresKey = useMemo(() => triageQuery(filters, timeWindow, null).queryKey, [filters, timeWindow])

  useEffect(() => {
    const set = (status: LiveStatus) => store.set(liveStatusSlice, status)
    // The status is the view's: a stream of watches alone leaves it off.
    const setView = (status: LiveStatus) => withView && set(status)
    set(withView ? openingStatus(everyMs, true) : 'off')
    if (url === null) return
    const heard = store.get(liveWatchesSlice).heard
    const source = new EventSource(
      heard === null ? url : `${url}&${routeSearch<'live'>({ query: { notices_after: heard } }).toString()}`,
    )
    listenForWatches(source, client, store)
    // The list asks again itself and shows why it failed; a fetch (or its retries) under way, or an error
    // already shown, is left alone: a stream error every few seconds must not restart the retries for ever.
    const refetchList = () => {
      const state = client.getQueryState(listKey)
      if (state?.fetchStatus === 'fetching' || state?.status === 'error') return
      void client.refetchQueries({ queryKey: listKey, exact: true })
    }
    source.onopen = () => setView('live')
    source.onerror = () => {
      // What the stream said of the API is no longer news: the list's own reads say it meanwhile.
      store.set(apiHealthSlice, null)
      setView(source.readyState === EventSource.CLOSED ? 'polling' : 'connecting')
    }
    source.addEventListener('health', (event) => {
      const health = readApiHealth(parse(event.data))
      if (!health) return
      const before = store.get(apiHealthSlice)
      store.set(apiHealthSlice, health)
      // Back: the list on screen (maybe an error, maybe stale) is asked again now, not at the next refresh.
      if (health.reachable && before?.reachable === false) {
        void client.refetchQueries({ queryKey: listKey, exact: true })
        void client.invalidateQueries({ queryKey: overviewKey, exact: true })
      }
    })
    source.addEventListener('list', (event) => {
      const data = parse(event.data)
      if (typeof data !== 'object' || data === null || !('page' in data)) return
      const askedAt = askedAtOf('age' in data ? data.age : undefined, Date.now())
      // A refresh the server began before the tab's own read (Refresh now, a page it fetched) is older news.
      const shown = client.getQueryData<ExecutionList>(listKey)
      if (shown?.askedAt !== undefined && askedAt < shown.askedAt) return
      const envelope = readListEnvelope(data.page)
      if (envelope.ok) client.setQueryData(listKey, { ...toListPage<Execution>(envelope.value), askedAt })
      else refetchList()
    })
    source.addEventListener('list-error', refetchList)
    source.addEventListener('overview', (event) => {
      const data = parse(event.data)
      if (data !== undefined) client.setQueryData(overviewKey, data)
    })
    // A summary or marks the tab cannot read, or a read the server could not make: the tab asks itself, and shows why.
    const askItself = (queryKey: readonly unknown[]) =>
      void client.invalidateQueries({ queryKey, exact: true })
    const marksKey = recentReschedulesQuery().queryKey
    source.addEventListener('failures', (event) => {
      const answer = readTriageAnswer(parse(event.data))
      if (!answer.ok) return askItself(failuresKey)
      // One computed before the tab's own read (after an acknowledgement, say) is older news.
      const shown = client.getQueryData<TriageAnswer>(failuresKey)
      if (shown && shown.generatedAt > answer.value.generatedAt) return
      client.setQueryData(failuresKey, answer.value)
    })
    source.addEventListener('failures-error', () => askItself(failuresKey))
    source.addEventListener('marks', (event) => {
      marksOfPage(parse(event.data)).then(
        (marks) => (marks ? client.setQueryData(marksKey, marks) : askItself(marksKey)),
        () => askItself(marksKey),
      )
    })
    source.addEventListener('marks-error', () => askItself(marksKey))
    return () => {
      source.close()
      store.set(apiHealthSlice, null)
    }
  }, [url, withView, client, store, listKey, overviewKey, failuresKey, everyMs])

  return useSlice(liveStatusSlice)
}
