import { formatAge } from '../lib/relativeTime'
import { useNow } from '../lib/useNow'
import { REFRESH_INTERVALS, useRefreshSettings } from './RefreshSettings'

interface RefreshControlsProps {
  /** When the shown data last arrived (ms epoch); 0 if never. */
  updatedAt: number
  isRefreshing: boolean
}

export function RefreshControls({ updatedAt, isRefreshing }: RefreshControlsProps) {
  const { enabled, intervalSeconds, setEnabled, setIntervalSeconds } = useRefreshSettings()
  const now = useNow(1000)
  return (
    <div className="refresh-controls">
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Auto-refresh
      </label>
      <label className="inline-field">
        <span>Every</span>
        <select
          value={intervalSeconds}
          disabled={!enabled}
          onChange={(event) =>
            setIntervalSeconds(REFRESH_INTERVALS.find((i) => i === event.target.value) ?? '10')
          }
        >
          {REFRESH_INTERVALS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds} s
            </option>
          ))}
        </select>
      </label>
      <span className="muted">{updatedAt > 0 ? `Updated ${formatAge(updatedAt, now)}` : ''}</span>
      <span className="muted" role="status">
        {isRefreshing ? 'Refreshing…' : ''}
      </span>
    </div>
  )
}
