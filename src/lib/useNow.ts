import { useEffect, useState } from 'react'

/**
 * The current time, re-read every `intervalMs`, for "3 min ago" style labels. With `ticking` false no timer
 * runs and the value stays put, so nothing re-renders while no relative label is on screen.
 */
export function useNow(intervalMs = 1000, ticking = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    const tick = () => setNow(Date.now())
    // The value may be old if the clock was stopped: re-read it at once.
    const first = window.setTimeout(tick, 0)
    const timer = window.setInterval(tick, intervalMs)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [intervalMs, ticking])
  return now
}
