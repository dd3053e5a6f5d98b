import { useEffect } from 'react'
import { isModalOpen, isTyping } from '../../lib/keyTargets'

/**
 * Esc closes the panel from the list too (the panel, dialogs and fields handle their own Esc). Loaded with the
 * panel, so the first load does not carry it.
 */
export function useEscapeFromList(onClose: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isTyping(event.target) || isModalOpen()) return
      onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])
}
