import { useSliceState } from '../lib/useSliceState'
import { autoRefreshSlice, refreshIntervalSlice } from './preferences'

/** The live-refresh setting shared by every view, remembered across visits. */
export function useRefreshSettings() {
  const [autoRefresh, setAutoRefresh] = useSliceState(autoRefreshSlice)
  const [intervalSeconds, setIntervalSeconds] = useSliceState(refreshIntervalSlice)
  return {
    enabled: autoRefresh === 'on',
    intervalSeconds,
    setEnabled: (enabled: boolean) => setAutoRefresh(enabled ? 'on' : 'off'),
    setIntervalSeconds,
  }
}
