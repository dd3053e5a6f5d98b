import '../styles/controls.css'
import type { ReactNode } from 'react'
import { formatAge } from '../lib/formatAge'
import { useClockText } from '../lib/useClockText'
import { ChoiceSelect } from './ChoiceSelect'
import { useTimeMode } from './TimeDisplay'
import { REFRESH_INTERVALS } from './preferences'
import { useRefreshSettings } from './useRefreshSettings'

const INTERVAL_CHOICES = REFRESH_INTERVALS.map((seconds) => [seconds, `${seconds} s`] as const)

interface RefreshControlsProps {
  /** When the shown data last arrived (ms epoch); 0 if never. */
  updatedAt: number
  isRefreshing: boolean
  onRefreshNow: () => void
  /** More tools, between Refresh now and when the rows arrived (whose text changes length, so it goes last). */
  children?: ReactNode
}

/** Refresh now and when the rows on screen arrived: always in sight, beside the pager. */
export function RefreshControls({ updatedAt, isRefreshing, onRefreshNow, children }: RefreshControlsProps) {
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
      {children}
      <UpdatedLabel updatedAt={updatedAt} isRefreshing={isRefreshing} />
    </div>
  )
}

/** Auto-refresh and its interval, remembered in this browser (in the list's Display menu). */
export function AutoRefreshSetting() {
  const { enabled, intervalSeconds, setEnabled, setIntervalSeconds } = useRefreshSettings()
  return (
    <>
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
    </>
  )
}

const localClock = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })
const utcClock = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'UTC' })

/**
 * Its own component, so the clock repaints this text only; it ticks (every 5 s) only in Relative mode. While a
 * read is out it says "Refreshing…" in the same box (shown, not announced: a poll every few seconds must not talk
 * over the screen reader).
 */
function UpdatedLabel({ updatedAt, isRefreshing }: { updatedAt: number; isRefreshing: boolean }) {
  const mode = useTimeMode()
  const text = useClockText(
    `${mode} ${updatedAt}`,
    (now) => {
      if (updatedAt === 0) return ''
      if (mode === 'relative') return `Updated ${formatAge(updatedAt, now)}`
      return `Updated at ${(mode === 'utc' ? utcClock : localClock).format(updatedAt)}${mode === 'utc' ? ' UTC' : ''}`
    },
    mode === 'relative' && updatedAt > 0,
  )
  return <span className="muted updated-label">{isRefreshing ? 'Refreshing…' : text}</span>
}
