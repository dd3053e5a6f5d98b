import { useRef, useSyncExternalStore } from 'react'

const TICK_MS = 5000
const listeners = new Set<() => void>()
let now = Date.now()
let timer: number | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (timer === undefined) {
    now = Date.now()
    timer = window.setInterval(() => {
      now = Date.now()
      for (const notify of listeners) notify()
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      window.clearInterval(timer)
      timer = undefined
    }
  }
}

const noSubscription = () => () => {}

/**
 * Text that depends on the time (e.g. "3 min ago"), from one shared 5-second clock. A component re-renders
 * only when its own text changes, so a table of times repaints the few labels that moved, not every row.
 * With `ticking` false no clock runs for it at all. The text is formatted once per `key` and tick (React
 * reads a snapshot more than once per render, and Intl formatting is not free at 200 labels).
 */
export function useClockText(key: string, format: (now: number) => string, ticking = true): string {
  const cached = useRef<{ key: string; at: number; text: string } | null>(null)
  const snapshot = () => {
    const last = cached.current
    if (last && last.key === key && last.at === now) return last.text
    const text = format(now)
    cached.current = { key, at: now, text }
    return text
  }
  return useSyncExternalStore(ticking ? subscribe : noSubscription, snapshot)
}
