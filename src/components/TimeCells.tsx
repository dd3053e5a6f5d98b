import { useEffect, useId, useState, type FocusEvent, type MouseEvent, type RefObject } from 'react'
import { lacksTimeZone } from '../api'
import { formatRelative } from '../lib/relativeTime'
import { formatAbsolute, NoZoneText, timeText } from './timeText'
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
    <td data-column={column} className="timestamp-cell" data-datetime={value} tabIndex={-1}>
      {timeText(value, mode, Date.now())}
    </td>
  )
}

/**
 * While `ticking`, rewrites the text of the relative time cells under `root` every 5 s, only where it
 * changed, without rendering a row. React sets the same text again whenever it renders the row.
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
  rowId: string | undefined
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
 * and leaving or Esc dismisses it). Spread `handlers` on the element that holds the cells (rows `rowIds`, as
 * `tr[data-row-id]`) and render `tooltip`.
 */
export function useTimeCellTooltip(rowIds: readonly string[]) {
  const tooltipId = useId()
  const [shown, setShown] = useState<Shown | null>(null)

  const show = (cell: HTMLElement) => {
    if (shown?.cell === cell || !cell.dataset.datetime) return
    shown?.cell.removeAttribute('aria-describedby')
    cell.setAttribute('aria-describedby', tooltipId)
    const box = cell.getBoundingClientRect()
    const rowId = cell.closest<HTMLElement>('tr')?.dataset.rowId
    setShown({ cell, rowId, value: cell.dataset.datetime, top: box.bottom, left: box.left + 8 })
  }
  const hide = () => {
    shown?.cell.removeAttribute('aria-describedby')
    setShown(null)
  }
  // A scroll moves the cell from under the tooltip.
  useEffect(() => {
    if (!shown) return
    const onScroll = () => {
      shown.cell.removeAttribute('aria-describedby')
      setShown(null)
    }
    window.addEventListener('scroll', onScroll, { capture: true, passive: true })
    return () => window.removeEventListener('scroll', onScroll, { capture: true })
  }, [shown])
  const leaves = (to: EventTarget | null) =>
    !(to instanceof Node && (shown?.cell.contains(to) || document.getElementById(tooltipId)?.contains(to)))

  const handlers = {
    onMouseOver: (event: MouseEvent) => {
      const cell = timeCellOf(event.target)
      if (cell) show(cell)
    },
    onMouseOut: (event: MouseEvent) => {
      if (shown && leaves(event.relatedTarget)) hide()
    },
    onFocus: (event: FocusEvent) => {
      const cell = timeCellOf(event.target)
      if (cell && cell === event.target) show(cell)
    },
    // Esc on a cell takes focus back to its row (useGridKeys), which hides the tooltip too.
    onBlur: (event: FocusEvent) => {
      if (shown && event.target === shown.cell) hide()
    },
  }

  // A refresh that took the row away takes its tooltip with it.
  const isShown = shown !== null && shown.rowId !== undefined && rowIds.includes(shown.rowId)
  const tooltip = isShown ? (
    <span
      role="tooltip"
      id={tooltipId}
      className="tooltip tooltip-fixed"
      style={{ top: shown.top, left: shown.left }}
      onMouseLeave={(event) => {
        if (leaves(event.relatedTarget)) hide()
      }}
    >
      <span>Local: {formatAbsolute(shown.value, 'local')}</span>
      <span>UTC: {formatAbsolute(shown.value, 'utc')}</span>
    </span>
  ) : null
  return { handlers, tooltip }
}
