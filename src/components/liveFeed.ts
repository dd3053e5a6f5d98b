import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import {
  apiBase,
  executionListQuery,
  isFromIndex,
  marksOfPage,
  overviewKeys,
  recentReschedulesQuery,
  toListPage,
  routePath,
  type Execution,
  type ExecutionList,
  type ListParams,
} from '../api'
import { readTriageAnswer, triageQuery } from '../api/triage'
import type { TriageAnswer } from '../../shared/triage'
import { useClientStore, useSlice } from '../lib/useClientStore'
import { useUrlSearch } from '../lib/useUrlSearch'
import { askedAtOf } from '../../shared/answerAge'
import { readListEnvelope } from '../../shared/listAnswer'
import { readWindowParams } from '../../shared/timeWindow'
import { liveStatusSlice, openingStatus, type LiveStatus } from './liveStatus'
import { apiHealthSlice, readApiHealth } from './apiHealth'

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isVisible = () => document.visibilityState !== 'hidden'

function parse(text: unknown): unknown {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}

/**
 * One Server-Sent Events stream per tab (GET /api/live) with the list page on screen, the overview of its
 * filters and window, the failure groups' summary and the trail's recent reschedules (the rows' marks). The server
 * refreshes each distinct view once for every tab watching it, so a tab that listens costs the API nothing of its own. Answers go into the query cache under the keys the list and the
 * overview read; a refused page makes the list refetch it itself (and show why). Closed while the tab is hidden.
 */
export function useLiveFeed(params: ListParams, everyMs: number | false): LiveStatus {
  const client = useQueryClient()
  const store = useClientStore()
  const [search] = useUrlSearch()
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true)
  const timeWindow = useMemo(() => readWindowParams(new URLSearchParams(search)).window, [search])
  const filters = useMemo(
    () => ({ states: params.states ?? [], metadata: params.metadata ?? [] }),
    [params.states, params.metadata],
  )
  const supported = typeof EventSource !== 'undefined'
  let url: string | null = null
  if (everyMs !== false && visible && supported) {
    const query = {
      histogram: 1,
      size: params.first,
      after: params.after,
      every: Math.round(everyMs / 1000),
      // The list's own query fetches the page on screen; the server need not fetch it again at once.
      initial: '0',
      // A list from the index (a window or an order) refreshes itself at no upstream cost: counts only.
      list: isFromIndex(params) ? '0' : null,
    }
    url = `${apiBase()}${routePath('live', { view: { filters, window: timeWindow }, query })}`
  }
  const listKey = useMemo(() => executionListQuery(params).queryKey, [params])
  const overviewKey = useMemo(() => overviewKeys.of(filters, timeWindow), [filters, timeWindow])
  const failuresKey = useMemo(() => triageQuery(filters, timeWindow, null).queryKey, [filters, timeWindow])

  useEffect(() => {
    const set = (status: LiveStatus) => store.set(liveStatusSlice, status)
    set(openingStatus(everyMs, visible))
    if (url === null) return
    const source = new EventSource(url)
    // The list asks again itself and shows why it failed; a fetch (or its retries) under way, or an error
    // already shown, is left alone: a stream error every few seconds must not restart the retries for ever.
    const refetchList = () => {
      const state = client.getQueryState(listKey)
      if (state?.fetchStatus === 'fetching' || state?.status === 'error') return
      void client.refetchQueries({ queryKey: listKey, exact: true })
    }
    source.onopen = () => set('live')
    source.onerror = () => {
      // What the stream said of the API is no longer news: the list's own reads say it meanwhile.
      store.set(apiHealthSlice, null)
      set(source.readyState === EventSource.CLOSED ? 'polling' : 'connecting')
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
  }, [url, client, store, listKey, overviewKey, failuresKey, everyMs, visible])

  return useSlice(liveStatusSlice)
}
