import { createContext, useLayoutEffect, useState, type RefObject } from 'react'

/** The width (px) a row's metadata chips may take; 0 while unknown, which shows them all. */
export const ChipRoomContext = createContext(0)

/**
 * Measures the metadata column once for the whole table (every row's cell is equally wide) and again
 * when the table resizes, instead of one observer and one extra render per row. It measures before paint,
 * so chips that do not fit are never shown.
 */
export function useChipRoom(tableRef: RefObject<HTMLTableElement | null>, hasRows: boolean): number {
  const [room, setRoom] = useState(0)
  useLayoutEffect(() => {
    const table = tableRef.current
    if (!table || !hasRows) return
    const measure = () => {
      const cell = table.querySelector<HTMLElement>('tbody td[data-column="metadata"]')
      if (!cell || cell.clientWidth === 0) return
      const style = getComputedStyle(cell)
      setRoom(Math.max(0, cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(table)
    return () => observer.disconnect()
  }, [tableRef, hasRows])
  return room
}
