import { useEffect } from 'react'
import { useClientStore, useSlice } from '../lib/useClientStore'
import { liveStatusSlice } from './liveStatus'
import { autoRefreshSlice, refreshIntervalSlice, refreshPausesSlice } from './preferences'

/** What to pass as a query's refetchInterval: false while off, or while a dialog holds refresh. */
export function useRefetchInterval(): number | false {
  const autoRefresh = useSlice(autoRefreshSlice)
  const intervalSeconds = useSlice(refreshIntervalSlice)
  const pauses = useSlice(refreshPausesSlice)
  return autoRefresh === 'on' && pauses === 0 ? Number(intervalSeconds) * 1000 : false
}

/** The refetchInterval of a read the tab's live stream also carries: none while the stream feeds the tab. */
export function useUnstreamedInterval(): number | false {
  const interval = useRefetchInterval()
  return useSlice(liveStatusSlice) === 'live' ? false : interval
}

/** Holds live refresh while `active`, so rows do not move under an open dialog. */
export function useRefreshPause(active: boolean): void {
  const store = useClientStore()
  useEffect(() => {
    if (!active) return
    store.set(refreshPausesSlice, (count) => count + 1)
    return () => {
      store.set(refreshPausesSlice, (count) => Math.max(0, count - 1))
    }
  }, [active, store])
}
