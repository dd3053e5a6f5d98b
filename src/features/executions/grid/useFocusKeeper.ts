import { useEffect, useRef } from 'react'
import { rowElements, rowOf } from '../../../lib/rowLookup'

/**
 * When the rows change and the focused row (or a control in it) has gone, focus falls to <body> and a
 * keyboard user is lost. This notices it and moves focus to the row now in that place (the one after, or
 * the last); with no rows left it calls `onFocusLost`. "Focus was last in the table" is tracked at the
 * document, since removing a focused element fires no reliable blur.
 */
export function useFocusKeeper(rows: unknown, onFocusLost: (() => void) | undefined) {
  const tableRef = useRef<HTMLTableElement>(null)
  const focusWasInside = useRef(false)
  const lastRowIndex = useRef(0)
  useEffect(() => {
    const track = (event: FocusEvent) => {
      const table = tableRef.current
      focusWasInside.current = table?.contains(event.target as Node | null) ?? false
      const row = rowOf(event.target)
      if (table && row) lastRowIndex.current = rowElements(table).indexOf(row)
    }
    document.addEventListener('focusin', track)
    return () => document.removeEventListener('focusin', track)
  }, [])
  useEffect(() => {
    if (!focusWasInside.current || document.activeElement !== document.body) return
    const remaining = rowElements(tableRef.current)
    const nearest = remaining[Math.min(lastRowIndex.current, remaining.length - 1)]
    if (nearest) return nearest.focus()
    focusWasInside.current = false
    onFocusLost?.()
  }, [rows, onFocusLost])
  return tableRef
}
