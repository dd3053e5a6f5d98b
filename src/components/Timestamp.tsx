import '../styles/tooltip.css'
import { useId, useRef, useState } from 'react'
import { lacksTimeZone } from '../api'
import { useClockText } from '../lib/useClockText'
import { useCellTabIndex } from './cellFocus'
import { useTimeMode } from './TimeDisplay'
import { TimeInZones } from './TimeInZones'
import { NoZoneText, timeText } from './timeText'

/**
 * Shows the chosen form; hover or focus reveals the absolute time in both the local zone and UTC. The
 * tooltip exists only while shown, and a relative label re-renders only when its text changes.
 */
export function Timestamp({ value }: { value: string }) {
  const mode = useTimeMode()
  const tooltipId = useId()
  const tooltipRef = useRef<HTMLSpanElement>(null)
  const tabIndex = useCellTabIndex() ?? 0
  const [isTipShown, setTipShown] = useState(false)
  const ticking = mode === 'relative' && !Number.isNaN(Date.parse(value))
  const text = useClockText(`${mode} ${value}`, (now) => timeText(value, mode, now), ticking)
  if (lacksTimeZone(value))
    return (
      <span className="no-zone">
        <NoZoneText value={value} />
      </span>
    )
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
          <TimeInZones value={value} />
        </span>
      ) : null}
    </>
  )
}
