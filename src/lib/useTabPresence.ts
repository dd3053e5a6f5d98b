import { useEffect, useState, useSyncExternalStore } from 'react'

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isVisible = () => document.visibilityState !== 'hidden'

/** `visible`; `hidden`; `away`: hidden for `awayAfterMs` or more. */
export type TabPresence = 'visible' | 'hidden' | 'away'

/** Whether the tab is seen, and whether it has been out of sight for a while. */
export function useTabPresence(awayAfterMs: number): TabPresence {
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true)
  const [away, setAway] = useState(false)
  useEffect(() => {
    if (visible) return
    const timer = setTimeout(() => setAway(true), awayAfterMs)
    return () => {
      clearTimeout(timer)
      setAway(false)
    }
  }, [visible, awayAfterMs])
  if (visible) return 'visible'
  return away ? 'away' : 'hidden'
}

/**
 * Whether this tab holds the browser's lock `name` (Web Locks): one tab of the browser's holds it at a time, for as
 * long as it wants it, and the next one that asked takes it when that tab lets go or closes. Always false where the
 * browser has no locks (an older browser, or a page not served over HTTPS or from localhost).
 */
export function useTabLock(name: string, wanted: boolean): boolean {
  const [held, setHeld] = useState(false)
  useEffect(() => {
    const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined)
    if (!wanted || !locks) return
    const abandon = new AbortController()
    let release = () => {}
    locks
      .request(name, { signal: abandon.signal }, () => {
        setHeld(true)
        return new Promise<void>((resolve) => (release = resolve))
      })
      // Abandoned while waiting for it.
      .catch(() => {})
    return () => {
      abandon.abort()
      release()
      setHeld(false)
    }
  }, [name, wanted])
  return held
}
