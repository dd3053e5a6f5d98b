import '../styles/tooltip.css'
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { TIME_CELL } from './TimeCells'
import { TimeInZones } from './TimeInZones'

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

function place(cell: HTMLElement, via: Shown['via'], rowIds: readonly string[]): Shown {
  const box = cell.getBoundingClientRect()
  return { cell, via, rowIds, value: cell.dataset.datetime ?? '', top: box.bottom, left: box.left + 8 }
}

/**
 * One tooltip for every time cell of a table (see timestampCell), instead of state and handlers in each:
 * pointing at or focusing a cell shows its time in the local zone and UTC (WCAG 1.4.13: it can be hovered,
 * it stays while its cell has focus or the pointer, and Esc dismisses it). It listens on the table; give it
 * the ids of the rows shown (memoized: a new list hides the tooltip).
 */
export function TimeCellTooltip({
  tableRef,
  rowIds,
}: {
  tableRef: RefObject<HTMLElement | null>
  rowIds: readonly string[]
}) {
  const tooltipId = useId()
  const [shown, setShown] = useState<Shown | null>(null)
  // The listeners read the latest of these, so they are added once per table.
  const latest = useRef({ shown, rowIds })
  useEffect(() => {
    latest.current = { shown, rowIds }
  })

  useEffect(() => {
    const table = tableRef.current
    if (!table) return
    const current = () => latest.current.shown
    const hide = () => {
      current()?.cell.removeAttribute('aria-describedby')
      setShown(null)
    }
    const show = (cell: HTMLElement, via: Shown['via']) => {
      const before = current()
      if ((before?.cell === cell && before.via === via) || !cell.dataset.datetime) return
      before?.cell.removeAttribute('aria-describedby')
      cell.setAttribute('aria-describedby', tooltipId)
      setShown(place(cell, via, latest.current.rowIds))
    }
    const leaves = (to: EventTarget | null) =>
      !(
        to instanceof Node &&
        (current()?.cell.contains(to) || document.getElementById(tooltipId)?.contains(to))
      )
    const listeners: [string, (event: Event) => void][] = [
      [
        'mouseover',
        (event) => {
          const cell = timeCellOf(event.target)
          const before = current()
          if (cell && !(before?.via === 'focus' && before.cell === cell)) show(cell, 'pointer')
        },
      ],
      [
        'mouseout',
        (event) => {
          if (current()?.via === 'pointer' && leaves((event as MouseEvent).relatedTarget)) hide()
        },
      ],
      [
        'focusin',
        (event) => {
          const cell = timeCellOf(event.target)
          if (cell && cell === event.target) show(cell, 'focus')
        },
      ],
      // Esc on a cell also takes focus back to its row (the grid's keys), which hides the tooltip.
      [
        'focusout',
        (event) => {
          if (event.target === current()?.cell) hide()
        },
      ],
    ]
    for (const [type, listener] of listeners) table.addEventListener(type, listener)
    return () => {
      for (const [type, listener] of listeners) table.removeEventListener(type, listener)
    }
  }, [tableRef, tooltipId])

  // A scroll moves the cell: a focused cell's tooltip follows it, a pointer's goes. Esc dismisses either,
  // wherever focus is.
  useEffect(() => {
    if (!shown) return
    const hide = () => {
      shown.cell.removeAttribute('aria-describedby')
      setShown(null)
    }
    const onScroll = () =>
      shown.via === 'focus' ? setShown(place(shown.cell, 'focus', shown.rowIds)) : hide()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    window.addEventListener('scroll', onScroll, { capture: true, passive: true })
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true })
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [shown])

  if (!shown || shown.rowIds !== rowIds || !shown.cell.isConnected) return null
  return (
    <span
      role="tooltip"
      id={tooltipId}
      className="tooltip tooltip-fixed"
      style={{ top: shown.top, left: shown.left }}
      onMouseLeave={(event) => {
        const to = event.relatedTarget
        if (shown.via === 'pointer' && !(to instanceof Node && shown.cell.contains(to))) {
          shown.cell.removeAttribute('aria-describedby')
          setShown(null)
        }
      }}
    >
      <TimeInZones value={shown.value} />
    </span>
  )
}
