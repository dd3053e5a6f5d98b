import { useId } from 'react'
import { lacksTimeZone } from '../api'
import { formatRelative } from '../lib/relativeTime'
import { useTimeDisplay } from './TimeDisplay'
import { useCellTabIndex } from './cellFocus'

const utcFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
})
const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

export function formatAbsolute(value: string, zone: 'local' | 'utc'): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return zone === 'utc' ? `${utcFormat.format(date)} UTC` : localFormat.format(date)
}

/** Shows the chosen form; hover or focus reveals the absolute time in both the local zone and UTC. */
export function Timestamp({ value }: { value: string }) {
  const { mode, now } = useTimeDisplay()
  const tooltipId = useId()
  const tabIndex = useCellTabIndex() ?? 0
  if (lacksTimeZone(value)) {
    // Reading it as local or UTC would be a guess: show it as the API gave it, and say so.
    return (
      <span className="no-zone">
        {value.replace(/[Tt]/, ' ')} <span className="muted">(no time zone given)</span>
      </span>
    )
  }
  const instant = Date.parse(value)
  const text =
    mode === 'relative' && !Number.isNaN(instant)
      ? formatRelative(instant, now)
      : formatAbsolute(value, mode === 'utc' ? 'utc' : 'local')
  return (
    <span className="tooltip-host">
      {/* Focusable so keyboard users can open the tooltip with both zones (WCAG 1.4.13). */}
      <time dateTime={value} tabIndex={tabIndex} aria-describedby={tooltipId}>
        {text}
      </time>
      <span role="tooltip" id={tooltipId} className="tooltip">
        <span>Local: {formatAbsolute(value, 'local')}</span>
        <span>UTC: {formatAbsolute(value, 'utc')}</span>
      </span>
    </span>
  )
}
