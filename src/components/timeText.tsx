import { formatRelative } from '../lib/relativeTime'
import type { TimeMode } from './TimeDisplay'

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

/** A time in the Times setting's form at `now`. */
export function timeText(value: string, mode: TimeMode, now: number): string {
  const instant = Date.parse(value)
  return mode === 'relative' && !Number.isNaN(instant)
    ? formatRelative(instant, now)
    : formatAbsolute(value, mode === 'utc' ? 'utc' : 'local')
}

/** Reading a time without a zone as local or UTC would be a guess: it is shown as the API gave it, and said. */
export function NoZoneText({ value }: { value: string }) {
  return (
    <>
      {value.replace(/[Tt]/, ' ')} <span className="muted">(no time zone given)</span>
    </>
  )
}
