import { useCallback, useState } from 'react'
import { rowIdOf } from '../lib/rowLookup'

/**
 * The grid's one tab stop: the row last focused, else the first. The keys that move between rows and act
 * on them are GridKeys (loaded with the list's controls).
 */
export function useGridTabStop(rowIds: readonly string[]) {
  const [activeId, setActiveId] = useState<string | null>(null)
  const tabStopId = activeId !== null && rowIds.includes(activeId) ? activeId : (rowIds[0] ?? null)
  const onFocus = useCallback((event: { target: EventTarget }) => {
    const id = rowIdOf(event.target)
    if (id !== null) setActiveId(id)
  }, [])
  return { tabStopId, onFocus }
}
