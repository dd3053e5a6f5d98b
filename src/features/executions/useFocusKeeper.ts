import { useEffect, useRef } from 'react'

/**
 * When the rows change and the focused row (or a control in it) has gone, focus falls to <body> and a
 * keyboard user is lost. This notices it and calls `onFocusLost` so focus lands somewhere meaningful.
 * "Focus was last in the table" is tracked at the document, since removing a focused element fires no
 * reliable blur.
 */
export function useFocusKeeper(rows: unknown, onFocusLost: (() => void) | undefined) {
  const tableRef = useRef<HTMLTableElement>(null)
  const focusWasInside = useRef(false)
  useEffect(() => {
    const track = (event: FocusEvent) => {
      focusWasInside.current = tableRef.current?.contains(event.target as Node | null) ?? false
    }
    document.addEventListener('focusin', track)
    return () => document.removeEventListener('focusin', track)
  }, [])
  useEffect(() => {
    if (focusWasInside.current && document.activeElement === document.body) {
      focusWasInside.current = false
      onFocusLost?.()
    }
  }, [rows, onFocusLost])
  return tableRef
}
