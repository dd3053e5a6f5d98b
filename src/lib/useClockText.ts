import { useRef, useSyncExternalStore } from 'react'
import { useClientStore } from './useClientStore'

const noSubscription = () => () => {}

/**
 * Text that depends on the time (e.g. "3 min ago"), from the store's one 5-second clock. A component
 * re-renders only when its own text changes, so a screen of times repaints the few labels that moved. With
 * `ticking` false no clock runs for it. The text is formatted once per `key` and tick (React reads a
 * snapshot more than once per render).
 */
export function useClockText(key: string, format: (now: number) => string, ticking = true): string {
  const { clock } = useClientStore()
  const cached = useRef<{ key: string; at: number; text: string } | null>(null)
  const snapshot = () => {
    const now = ticking ? clock.now() : Date.now()
    const last = cached.current
    if (last && last.key === key && (last.at === now || !ticking)) return last.text
    const text = format(now)
    cached.current = { key, at: now, text }
    return text
  }
  return useSyncExternalStore(ticking ? clock.subscribe : noSubscription, snapshot)
}
