export const SIGN_IN_ATTEMPTS_PER_MINUTE = 10
const WINDOW_MS = 60_000
const MAX_TRACKED_ADDRESSES = 10_000

/** A fixed one-minute window per address, so sign-in cannot be used to guess tokens through the dashboard. */
export function createSignInLimiter(limit = SIGN_IN_ATTEMPTS_PER_MINUTE, now = () => Date.now()) {
  const windows = new Map<string, { start: number; count: number }>()
  /** Seconds to wait when the attempt is refused; null when it may go ahead. */
  return function attempt(address: string): number | null {
    const time = now()
    if (windows.size > MAX_TRACKED_ADDRESSES) {
      for (const [key, window] of windows) if (time - window.start >= WINDOW_MS) windows.delete(key)
    }
    const window = windows.get(address)
    if (!window || time - window.start >= WINDOW_MS) {
      windows.set(address, { start: time, count: 1 })
      return null
    }
    window.count += 1
    return window.count > limit ? Math.ceil((window.start + WINDOW_MS - time) / 1000) : null
  }
}
