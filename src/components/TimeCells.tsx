import { useEffect, useId, useState, type FocusEvent, type MouseEvent, type RefObject } from 'react'
import { lacksTimeZone } from '../api'
import { formatRelative } from '../lib/relativeTime'
import { NoZoneText, timeText, TimeInZones } from './timeText'
import type { TimeMode } from './TimeDisplay'

// A table's time cells are plain cells: no component, state or clock subscription per cell. The table
// keeps one tooltip for them all (useTimeCellTooltip) and one timer that moves relative texts on
// (useRelativeTimeTicker).

const TIME_CELL = 'td.timestamp-cell'
const TICK_MS = 5000

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
      className="timestamp-cell"
      data-datetime={value}
      tabIndex={-1}
    >
      {timeText(value, mode, Date.now())}
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

interface Shown {
  cell: HTMLElement
  /** Focus keeps it up whatever the pointer does; a pointer's tooltip goes when the pointer leaves. */
  via: 'pointer' | 'focus'
  /** The rows it was shown over: a refresh that changes them takes it away (its place or value may be old). */
  rowIds: readonly string[]
  value: string
  top: number
  left: number
}

function timeCellOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(TIME_CELL) : null
}

/**
 * One tooltip for every time cell of a table (see timestampCell), instead of state and handlers in each:
 * pointing at or focusing a cell shows its time in the local zone and UTC (WCAG 1.4.13: it can be hovered,
 * it stays while its cell has focus or the pointer, and Esc dismisses it). Spread `handlers` on the element
 * that holds the cells, give it the ids of the rows shown (memoized: a new list hides the tooltip), and
 * render `tooltip`.
 */
export function useTimeCellTooltip(rowIds: readonly string[]) {
  const tooltipId = useId()
  const [shown, setShown] = useState<Shown | null>(null)

  const place = (cell: HTMLElement, via: Shown['via']): Shown => {
    const box = cell.getBoundingClientRect()
    return { cell, via, rowIds, value: cell.dataset.datetime ?? '', top: box.bottom, left: box.left + 8 }
  }
  const show = (cell: HTMLElement, via: Shown['via']) => {
    if ((shown?.cell === cell && shown.via === via) || !cell.dataset.datetime) return
    shown?.cell.removeAttribute('aria-describedby')
    cell.setAttribute('aria-describedby', tooltipId)
    setShown(place(cell, via))
  }
  const hide = () => {
    shown?.cell.removeAttribute('aria-describedby')
    setShown(null)
  }
  // A scroll moves the cell: a focused cell's tooltip follows it, a pointer's goes. Esc dismisses either,
  // wherever focus is.
  useEffect(() => {
    if (!shown) return
    const onScroll = () => (shown.via === 'focus' ? setShown(place(shown.cell, 'focus')) : hide())
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    window.addEventListener('scroll', onScroll, { capture: true, passive: true })
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true })
      window.removeEventListener('keydown', onKeyDown)
    }
    // `place` and `hide` read the render that showed the tooltip, whose `shown` is this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown])
  const leaves = (to: EventTarget | null) =>
    !(to instanceof Node && (shown?.cell.contains(to) || document.getElementById(tooltipId)?.contains(to)))

  const handlers = {
    onMouseOver: (event: MouseEvent) => {
      const cell = timeCellOf(event.target)
      if (cell && !(shown?.via === 'focus' && shown.cell === cell)) show(cell, 'pointer')
    },
    onMouseOut: (event: MouseEvent) => {
      if (shown?.via === 'pointer' && leaves(event.relatedTarget)) hide()
    },
    onFocus: (event: FocusEvent) => {
      const cell = timeCellOf(event.target)
      if (cell && cell === event.target) show(cell, 'focus')
    },
    // Esc on a cell also takes focus back to its row (useGridKeys), which hides the tooltip.
    onBlur: (event: FocusEvent) => {
      if (shown && event.target === shown.cell) hide()
    },
  }

  const isShown = shown !== null && shown.rowIds === rowIds && shown.cell.isConnected
  const tooltip = isShown ? (
    <span
      role="tooltip"
      id={tooltipId}
      className="tooltip tooltip-fixed"
      style={{ top: shown.top, left: shown.left }}
      onMouseLeave={(event) => {
        if (shown.via === 'pointer' && leaves(event.relatedTarget)) hide()
      }}
    >
      <TimeInZones value={shown.value} />
    </span>
  ) : null
  return { handlers, tooltip }
}
