import { formatAge } from '../lib/relativeTime'
import { useNow } from '../lib/useNow'
import { ChoiceSelect } from './ChoiceSelect'
import { REFRESH_INTERVALS, useRefreshSettings } from './RefreshSettings'

const INTERVAL_CHOICES = REFRESH_INTERVALS.map((seconds) => [seconds, `${seconds} s`] as const)

interface RefreshControlsProps {
  /** When the shown data last arrived (ms epoch); 0 if never. */
  updatedAt: number
  isRefreshing: boolean
  onRefreshNow: () => void
}

export function RefreshControls({ updatedAt, isRefreshing, onRefreshNow }: RefreshControlsProps) {
  const { enabled, intervalSeconds, setEnabled, setIntervalSeconds } = useRefreshSettings()
  const now = useNow(1000)
  return (
    <div className="refresh-controls">
      <button
        type="button"
        className="button button-small"
        onClick={onRefreshNow}
        aria-disabled={isRefreshing}
      >
        Refresh now
      </button>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Auto-refresh
      </label>
      <ChoiceSelect
        label="Every"
        value={intervalSeconds}
        choices={INTERVAL_CHOICES}
        onChange={setIntervalSeconds}
        disabled={!enabled}
      />
      <span className="muted">{updatedAt > 0 ? `Updated ${formatAge(updatedAt, now)}` : ''}</span>
      {/* Shown, not announced: a poll every few seconds must not talk over the screen reader. */}
      <span className="muted refreshing">{isRefreshing ? 'Refreshing…' : ''}</span>
    </div>
  )
}
