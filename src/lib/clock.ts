export interface Clock {
  /** The time of the last tick (ms epoch). */
  now: () => number
  subscribe: (listener: () => void) => () => void
}

/** A clock that ticks every `tickMs` while anything listens, and not at all otherwise. */
export function createClock(tickMs = 5000): Clock {
  const listeners = new Set<() => void>()
  let now = Date.now()
  let timer: ReturnType<typeof setInterval> | undefined
  return {
    now: () => now,
    subscribe(listener) {
      listeners.add(listener)
      if (timer === undefined) {
        now = Date.now()
        timer = setInterval(() => {
          now = Date.now()
          for (const notify of listeners) notify()
        }, tickMs)
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          clearInterval(timer)
          timer = undefined
        }
      }
    },
  }
}
