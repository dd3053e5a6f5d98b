import { useEffect } from 'react'
import { useClientStore, useSlice } from '../lib/useClientStore'
import { autoRefreshSlice, refreshIntervalSlice, refreshPausesSlice } from './preferences'

/** What to pass as a query's refetchInterval: false while off, or while a dialog holds refresh. */
export function useRefetchInterval(): number | false {
  const autoRefresh = useSlice(autoRefreshSlice)
  const intervalSeconds = useSlice(refreshIntervalSlice)
  const pauses = useSlice(refreshPausesSlice)
  return autoRefresh === 'on' && pauses === 0 ? Number(intervalSeconds) * 1000 : false
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
