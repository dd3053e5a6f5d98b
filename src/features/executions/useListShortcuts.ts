import { useEffect } from 'react'

interface ListShortcuts {
  onNext: () => void
  onPrevious: () => void
  onFocusFilter: () => void
  onHelp: () => void
}

/** Keys never act while the user types, nor with a modifier held (those belong to the browser). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** n / p: next and previous page; `/`: the metadata filter; `?`: the list of shortcuts. */
export function useListShortcuts({ onNext, onPrevious, onFocusFilter, onHelp }: ListShortcuts) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return
      // A modal dialog is open: its keys are its own.
      if (document.querySelector('dialog[open]')) return
      const action = { n: onNext, p: onPrevious, '/': onFocusFilter, '?': onHelp }[event.key]
      if (!action) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onNext, onPrevious, onFocusFilter, onHelp])
}
