import { useId } from 'react'
import { formatRelative } from '../lib/relativeTime'
import { useTimeDisplay } from './TimeDisplay'

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
  const instant = Date.parse(value)
  const text =
    mode === 'relative' && !Number.isNaN(instant)
      ? formatRelative(instant, now)
      : formatAbsolute(value, mode === 'utc' ? 'utc' : 'local')
  return (
    <span className="tooltip-host">
      <time dateTime={value} tabIndex={0} aria-describedby={tooltipId}>
        {text}
      </time>
      <span role="tooltip" id={tooltipId} className="tooltip">
        <span>Local: {formatAbsolute(value, 'local')}</span>
        <span>UTC: {formatAbsolute(value, 'utc')}</span>
      </span>
    </span>
  )
}
