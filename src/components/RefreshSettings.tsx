import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { usePreference } from '../lib/usePreference'

export const REFRESH_INTERVALS = ['5', '10', '30', '60'] as const
export type RefreshInterval = (typeof REFRESH_INTERVALS)[number]

interface RefreshSettings {
  enabled: boolean
  intervalSeconds: RefreshInterval
  setEnabled(enabled: boolean): void
  setIntervalSeconds(interval: RefreshInterval): void
  /** What to pass as a query's refetchInterval. */
  refetchInterval: number | false
}

const RefreshSettingsContext = createContext<RefreshSettings | null>(null)

/** One live-refresh setting shared by every view, remembered across visits. */
export function RefreshSettingsProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabledValue] = usePreference('auto-refresh', ['on', 'off'], 'on')
  const [intervalSeconds, setIntervalSeconds] = usePreference('refresh-interval', REFRESH_INTERVALS, '10')
  const value = useMemo<RefreshSettings>(
    () => ({
      enabled: enabled === 'on',
      intervalSeconds,
      setEnabled: (next) => setEnabledValue(next ? 'on' : 'off'),
      setIntervalSeconds,
      refetchInterval: enabled === 'on' ? Number(intervalSeconds) * 1000 : false,
    }),
    [enabled, intervalSeconds, setEnabledValue, setIntervalSeconds],
  )
  return <RefreshSettingsContext.Provider value={value}>{children}</RefreshSettingsContext.Provider>
}

export function useRefreshSettings(): RefreshSettings {
  const settings = useContext(RefreshSettingsContext)
  if (!settings) throw new Error('useRefreshSettings needs a RefreshSettingsProvider')
  return settings
}
