import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { usePreference } from '../lib/usePreference'

export const REFRESH_INTERVALS = ['5', '10', '30', '60'] as const
export type RefreshInterval = (typeof REFRESH_INTERVALS)[number]

interface RefreshSettings {
  enabled: boolean
  intervalSeconds: RefreshInterval
  setEnabled: (enabled: boolean) => void
  setIntervalSeconds: (interval: RefreshInterval) => void
  /** What to pass as a query's refetchInterval; false also while something paused it. */
  refetchInterval: number | false
  /** Holds live refresh while the returned release has not been called (e.g. a dialog is open). */
  pause: () => () => void
}

const RefreshSettingsContext = createContext<RefreshSettings | null>(null)

/** One live-refresh setting shared by every view, remembered across visits. */
export function RefreshSettingsProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabledValue] = usePreference('auto-refresh', ['on', 'off'], 'on')
  const [intervalSeconds, setIntervalSeconds] = usePreference('refresh-interval', REFRESH_INTERVALS, '10')
  const [pauses, setPauses] = useState(0)
  const value = useMemo<RefreshSettings>(
    () => ({
      enabled: enabled === 'on',
      intervalSeconds,
      setEnabled: (next) => setEnabledValue(next ? 'on' : 'off'),
      setIntervalSeconds,
      refetchInterval: enabled === 'on' && pauses === 0 ? Number(intervalSeconds) * 1000 : false,
      pause: () => {
        setPauses((count) => count + 1)
        let released = false
        return () => {
          if (released) return
          released = true
          setPauses((count) => count - 1)
        }
      },
    }),
    [enabled, intervalSeconds, pauses, setEnabledValue, setIntervalSeconds],
  )
  return <RefreshSettingsContext.Provider value={value}>{children}</RefreshSettingsContext.Provider>
}

export function useRefreshSettings(): RefreshSettings {
  const settings = useContext(RefreshSettingsContext)
  if (!settings) throw new Error('useRefreshSettings needs a RefreshSettingsProvider')
  return settings
}

/** Pauses live refresh while `active`, so rows do not move under an open dialog. */
export function useRefreshPause(active: boolean): void {
  const { pause } = useRefreshSettings()
  const [pauseOnce] = useState(() => pause)
  useEffect(() => (active ? pauseOnce() : undefined), [active, pauseOnce])
}
