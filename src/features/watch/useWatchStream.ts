import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { routePath } from '../../api/route'
import { apiBase } from '../../api/transport'
import { readNotice, readWatchList, watchKeys, type WatchNotice } from '../../api/watches'
import { useClientStore } from '../../lib/useClientStore'
import { noticeSlice, withNotice } from './noticeSlice'

function parse(text: unknown): unknown {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}

/**
 * The tab's one watch stream (GET /api/watches/stream), open in a background tab too: the server follows the
 * watches and sends what changes, so the tab sends no polling requests of its own. The list goes into the query
 * cache; each notice into this session's notices, and to `onNotice` (a browser notification). The browser
 * reconnects on its own, saying the last notice it heard (Last-Event-ID), so none is lost or shown twice.
 */
export function useWatchStream(enabled: boolean, onNotice: (notice: WatchNotice) => void) {
  const client = useQueryClient()
  const store = useClientStore()
  const latest = useRef(onNotice)
  useEffect(() => {
    latest.current = onNotice
  })
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource(`${apiBase()}${routePath('watchStream')}`)
    source.addEventListener('watches', (event) => {
      const read = readWatchList(parse(event.data))
      if (read.ok) client.setQueryData(watchKeys.all, read.value)
    })
    source.addEventListener('notice', (event) => {
      const notice = readNotice(parse(event.data))
      if (!notice) return
      const before = store.get(noticeSlice)
      store.set(noticeSlice, (state) => withNotice(state, notice, document.visibilityState === 'hidden'))
      if (store.get(noticeSlice) !== before) latest.current(notice)
    })
    return () => source.close()
  }, [enabled, client, store])
}
