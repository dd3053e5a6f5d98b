import { useEffect, useRef } from 'react'
import { useEarlyKey } from '../../../components/useEarlyKey'
import { isModalOpen, isTyping } from '../../../lib/keyTargets'

interface ListShortcuts {
  onNext: () => void
  onPrevious: () => void
  /** `/`, with what was typed after it before the filter was there. */
  onFocusFilter: (typed?: string) => void
  onHelp: () => void
}

/**
 * n / p: next and previous page; `/`: the metadata filter; `?`: the list of shortcuts. The page's other keys are
 * the tools' commands (components/useCommandKeys). Pressed before this code loaded, each still acts once it is here.
 */
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
      const action = { n: onNext, p: onPrevious, '/': () => onFocusFilter(), '?': onHelp }[event.key]
      if (!action) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  useEarlyKey('n', () => latest.current.onNext())
  useEarlyKey('p', () => latest.current.onPrevious())
  useEarlyKey('/', (key) => latest.current.onFocusFilter(key.text))
  useEarlyKey('?', () => latest.current.onHelp())
}
