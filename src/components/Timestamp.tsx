import { useId, useRef, useState } from 'react'
import { lacksTimeZone } from '../api'
import { useClockText } from '../lib/clock'
import { formatRelative } from '../lib/relativeTime'
import { useCellTabIndex } from './cellFocus'
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

/**
 * Shows the chosen form; hover or focus reveals the absolute time in both the local zone and UTC. The
 * tooltip exists only while shown, and a relative label re-renders only when its text changes.
 */
export function Timestamp({ value }: { value: string }) {
  const { mode } = useTimeDisplay()
  const tooltipId = useId()
  const tooltipRef = useRef<HTMLSpanElement>(null)
  const tabIndex = useCellTabIndex() ?? 0
  const [isTipShown, setTipShown] = useState(false)
  const instant = Date.parse(value)
  const relative = mode === 'relative' && !Number.isNaN(instant)
  const text = useClockText(
    `${mode} ${value}`,
    (now) =>
      relative ? formatRelative(instant, now) : formatAbsolute(value, mode === 'utc' ? 'utc' : 'local'),
    relative,
  )
  if (lacksTimeZone(value)) {
    // Reading it as local or UTC would be a guess: show it as the API gave it, and say so.
    return (
      <span className="no-zone">
        {value.replace(/[Tt]/, ' ')} <span className="muted">(no time zone given)</span>
      </span>
    )
  }
  return (
    <>
      {/* Focusable so keyboard users can open the tooltip with both zones (WCAG 1.4.13); it only shows it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <time
        className="timestamp"
        dateTime={value}
        tabIndex={tabIndex}
        aria-describedby={isTipShown ? tooltipId : undefined}
        onFocus={() => setTipShown(true)}
        onBlur={() => setTipShown(false)}
        onMouseEnter={() => setTipShown(true)}
        onMouseLeave={(event) => {
          // Moving onto the tooltip keeps it (it must be hoverable).
          if (!(event.relatedTarget instanceof Node && tooltipRef.current?.contains(event.relatedTarget)))
            setTipShown(false)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isTipShown) setTipShown(false)
        }}
      >
        {text}
      </time>
      {isTipShown ? (
        <span
          ref={tooltipRef}
          role="tooltip"
          id={tooltipId}
          className="tooltip"
          onMouseLeave={() => setTipShown(false)}
        >
          <span>Local: {formatAbsolute(value, 'local')}</span>
          <span>UTC: {formatAbsolute(value, 'utc')}</span>
        </span>
      ) : null}
    </>
  )
}
