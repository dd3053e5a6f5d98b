import { useEffect, useRef } from 'react'
import type { WatchNotice } from '../../api/watches'
import { liveWatchesSlice } from '../../components/liveWatches'
import { useClientStore, useSlice } from '../../lib/useClientStore'
import { noticeSlice, withNotice } from './noticeSlice'

/**
 * The watches' part of the tab's one stream (components/liveFeed.ts): while `enabled`, the stream carries them even
 * with live refresh off; the server follows the watches and sends what changes, so the tab sends no polling
 * requests of its own. The stream puts the list in the query cache; each notice it hears goes into this session's
 * notices, and to `onNotice` (a browser notification). A stream opened again resumes after the last notice heard,
 * so none is lost; one heard twice is shown once.
 */
export function useWatchStream(enabled: boolean, onNotice: (notice: WatchNotice) => void) {
  const store = useClientStore()
  const { notices } = useSlice(liveWatchesSlice)
  const latest = useRef(onNotice)
  const taken = useRef(-1)
  useEffect(() => {
    latest.current = onNotice
  })
  useEffect(() => {
    store.set(liveWatchesSlice, (state) => ({ ...state, wanted: enabled }))
    return () => {
      store.set(liveWatchesSlice, (state) => ({ ...state, wanted: false }))
    }
  }, [enabled, store])
  useEffect(() => {
    if (!enabled) return
    for (const notice of notices) {
      if (notice.seq <= taken.current) continue
      taken.current = notice.seq
      const before = store.get(noticeSlice)
      store.set(noticeSlice, (state) => withNotice(state, notice, document.visibilityState === 'hidden'))
      if (store.get(noticeSlice) !== before) latest.current(notice)
    }
  }, [enabled, notices, store])
}
