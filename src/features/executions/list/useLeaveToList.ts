import { useCallback, useEffect, useRef } from 'react'
import { rowOf } from '../../../lib/rowLookup'

/** Focus is nowhere, or on the grid itself (which had no row to hand it to): the list may still take it. */
const focusIsFree = () => {
  const active = document.activeElement
  return active === null || active === document.body || active.getAttribute('role') === 'grid'
}

/**
 * Esc in the filter: back to the list. While the list has no rows yet (its answer is on the way, or the index is
 * still counting a window), focus leaves the field at once, so the list's keys work, and goes to a row when the
 * rows come, unless the user has put it somewhere else meanwhile.
 */
export function useLeaveToList(rows: readonly unknown[], focusList: () => void): () => void {
  const waiting = useRef(false)
  const place = useCallback(() => {
    focusList()
    waiting.current = !rowOf(document.activeElement)
  }, [focusList])
  useEffect(() => {
    if (!waiting.current || rows.length === 0) return
    if (focusIsFree()) place()
    else waiting.current = false
  }, [rows, place])
  // The same handler while the list keeps having rows, so a refresh does not draw the filter again.
  const hasRows = rows.length > 0
  return useCallback(() => {
    if (hasRows) return place()
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    waiting.current = true
  }, [hasRows, place])
}
