import { formatAge } from '../lib/relativeTime'
import { useNow } from '../lib/useNow'

export const REFRESH_INTERVALS = ['5', '10', '30', '60'] as const
export type RefreshInterval = (typeof REFRESH_INTERVALS)[number]

interface RefreshControlsProps {
  enabled: boolean
  intervalSeconds: RefreshInterval
  onEnabledChange(enabled: boolean): void
  onIntervalChange(interval: RefreshInterval): void
  /** When the shown data last arrived (ms epoch); 0 if never. */
  updatedAt: number
  isRefreshing: boolean
}

export function RefreshControls(props: RefreshControlsProps) {
  const { enabled, intervalSeconds, onEnabledChange, onIntervalChange, updatedAt, isRefreshing } = props
  const now = useNow(1000)
  return (
    <div className="refresh-controls">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => onEnabledChange(event.target.checked)}
        />
        Auto-refresh
      </label>
      <label className="inline-field">
        <span>Every</span>
        <select
          value={intervalSeconds}
          disabled={!enabled}
          onChange={(event) =>
            onIntervalChange(REFRESH_INTERVALS.find((i) => i === event.target.value) ?? '10')
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
