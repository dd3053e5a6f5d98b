import { useEffect, useRef } from 'react'
import { isModalOpen, isTyping } from '../../../lib/keyTargets'

interface ListShortcuts {
  onNext: () => void
  onPrevious: () => void
  onFocusFilter: () => void
  onHelp: () => void
}

/** n / p: next and previous page; `/`: the metadata filter; `?`: the list of shortcuts. */
export function useListShortcuts(shortcuts: ListShortcuts) {
  // The latest callbacks, read when a key is pressed: one listener for the page's life.
  const latest = useRef(shortcuts)
  useEffect(() => {
    latest.current = shortcuts
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A modifier means the key belongs to the browser.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return
      if (isModalOpen()) return
      const { onNext, onPrevious, onFocusFilter, onHelp } = latest.current
      const action = { n: onNext, p: onPrevious, '/': onFocusFilter, '?': onHelp }[event.key]
      if (!action) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
