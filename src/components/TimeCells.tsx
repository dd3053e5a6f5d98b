import { useEffect, type RefObject } from 'react'
import { lacksTimeZone } from '../api'
import { formatRelative } from '../lib/relativeTime'
import { formatAbsolute, NoZoneText, timeText } from './timeText'
import type { TimeMode } from './TimeDisplay'

// A table's time cells are plain cells: no component, state or clock subscription per cell. The table
// keeps one tooltip for them all (TimeCellTooltip) and one timer that moves relative texts on
// (useRelativeTimeTicker).

export const TIME_CELL = 'td.timestamp-cell'
const TICK_MS = 5000

/** Spaces that do not break, except after the last comma (between date and time in most locales' formats). */
const breakBeforeTime = (text: string) => text.replace(/ /g, '\u00a0').replace(/,\u00a0(?!.*,)/, ', ')

/** A time as a table cell of its own (one element, not a cell and a `<time>`), reached with the arrow keys. */
export function timestampCell(value: string, column: string, mode: TimeMode) {
  if (lacksTimeZone(value))
    return (
      <td data-column={column} className="no-zone">
        <NoZoneText value={value} />
      </td>
    )
  return (
    <td
      key={`${column} ${value}`}
      data-column={column}
      className={mode === 'relative' ? 'timestamp-cell' : 'timestamp-cell absolute-time'}
      data-datetime={value}
      tabIndex={-1}
    >
      {mode === 'relative' ? timeText(value, mode, Date.now()) : breakBeforeTime(formatAbsolute(value, mode))}
    </td>
  )
}

/**
 * While `ticking`, rewrites the text of the relative time cells under `root` every 5 s, only where it
 * changed, without rendering a row. (A cell is keyed by its time, so a new time is a new cell with its own
 * text, never the ticker's text of the old one.)
 */
export function useRelativeTimeTicker(root: RefObject<HTMLElement | null>, ticking: boolean) {
  useEffect(() => {
    if (!ticking) return
    const timer = window.setInterval(() => {
      const now = Date.now()
      for (const cell of root.current?.querySelectorAll<HTMLElement>(TIME_CELL) ?? []) {
        const instant = Date.parse(cell.dataset.datetime ?? '')
        const text = Number.isNaN(instant) ? null : formatRelative(instant, now)
        if (text !== null && cell.firstChild?.nodeValue !== text && cell.firstChild instanceof Text)
          cell.firstChild.nodeValue = text
      }
    }, TICK_MS)
    return () => window.clearInterval(timer)
  }, [root, ticking])
}
