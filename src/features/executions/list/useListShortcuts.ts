import { useEffect, useRef } from 'react'
import { isModalOpen, isTyping } from '../../../lib/keyTargets'

interface ListShortcuts {
  onNext: () => void
  onPrevious: () => void
  onFocusFilter: () => void
  onHelp: () => void
  /** Runs another part's command by id (Export, Reschedule all matching, Copy link): see components/commands. */
  onCommand: (id: string) => void
}

/** Keys that act on the page's tools, each another part's command: a held key acts once. */
const COMMAND_KEYS: Record<string, string> = { e: 'export', m: 'bulk:matching', l: 'views:copy-link' }

/**
 * n / p: next and previous page; `/`: the metadata filter; `?`: the list of shortcuts; e / m / l: Export, Reschedule
 * all matching, Copy link.
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
      const { onNext, onPrevious, onFocusFilter, onHelp, onCommand } = latest.current
      const command = COMMAND_KEYS[event.key]
      if (command) {
        event.preventDefault()
        if (!event.repeat) onCommand(command)
        return
      }
      const action = { n: onNext, p: onPrevious, '/': onFocusFilter, '?': onHelp }[event.key]
      if (!action) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
