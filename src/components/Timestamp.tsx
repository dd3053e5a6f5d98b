import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { lacksTimeZone } from '../api'
import { useClockText } from '../lib/clock'
import { useCellTabIndex } from './cellFocus'
import { useTimeDisplay } from './TimeDisplay'
import { formatAbsolute, NoZoneText, timeText } from './timeText'

/** A time in the Times setting's form; a relative one re-renders only when its text changes. */
function useTimestampText(value: string): string {
  const { mode } = useTimeDisplay()
  const ticking = mode === 'relative' && !Number.isNaN(Date.parse(value))
  return useClockText(`${mode} ${value}`, (now) => timeText(value, mode, now), ticking)
}

/**
 * The text of a time in the chosen form, and the props of the element that shows it: hover or focus
 * reveals the absolute time in both the local zone and UTC. The tooltip exists only while shown.
 */
function useTimestamp(value: string) {
  const tooltipId = useId()
  const tooltipRef = useRef<HTMLSpanElement>(null)
  const [isTipShown, setTipShown] = useState(false)
  const text = useTimestampText(value)
  const targetProps = {
    'aria-describedby': isTipShown ? tooltipId : undefined,
    onFocus: (event: FocusEvent) => {
      if (event.target === event.currentTarget) setTipShown(true)
    },
    onBlur: (event: FocusEvent) => {
      if (event.target === event.currentTarget) setTipShown(false)
    },
    onMouseEnter: () => setTipShown(true),
    onMouseLeave: (event: MouseEvent) => {
      // Moving onto the tooltip keeps it (it must be hoverable).
      if (!(event.relatedTarget instanceof Node && tooltipRef.current?.contains(event.relatedTarget)))
        setTipShown(false)
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isTipShown) setTipShown(false)
    },
  }
  const tooltip = isTipShown ? (
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
  ) : null
  return { text, targetProps, tooltip }
}

export function Timestamp({ value }: { value: string }) {
  const { text, targetProps, tooltip } = useTimestamp(value)
  const tabIndex = useCellTabIndex() ?? 0
  if (lacksTimeZone(value))
    return (
      <span className="no-zone">
        <NoZoneText value={value} />
      </span>
    )
  return (
    <>
      {/* Focusable so keyboard users can open the tooltip with both zones (WCAG 1.4.13); it only shows it. */}
      <time className="timestamp" dateTime={value} tabIndex={tabIndex} {...targetProps}>
        {text}
      </time>
      {tooltip}
    </>
  )
}
