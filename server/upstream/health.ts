/*
 * Whether the API answers, as the upstream client learns it from every call it makes (the relay, the index, live
 * views, probes): an answer of any status says it is there; no connection, or no answer in time, says it is not.
 * Listeners hear each change at once (the live stream tells every tab).
 */
export interface ApiHealth {
  reachable: boolean
  /** When it was learned (ms epoch). */
  at: number
  /** Why not, in words (the failure's message); null while reachable. */
  reason: string | null
}

/** The failures that say the API is not there (not ones where it answered something unusable). */
const UNREACHABLE = ['upstream_unreachable', 'upstream_not_sent', 'upstream_timeout']

export function createHealthTracker(now: () => number = Date.now) {
  let current: ApiHealth | null = null
  let lastHeardAt = 0
  const listeners = new Set<(health: ApiHealth) => void>()
  const set = (reachable: boolean, reason: string | null) => {
    lastHeardAt = now()
    if (current?.reachable === reachable) return
    current = { reachable, at: lastHeardAt, reason }
    for (const listener of listeners) listener(current)
  }
  return {
    answered: () => set(true, null),
    /** A failed call: said unreachable only for the failures that mean the API is not there. */
    failed(code: string, reason: string) {
      if (UNREACHABLE.includes(code)) set(false, reason)
    },
    current: () => current,
    /** When a call last told anything of the API (answered or could not reach it). */
    lastHeardAt: () => lastHeardAt,
    listen(listener: (health: ApiHealth) => void): () => void {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

export type HealthTracker = ReturnType<typeof createHealthTracker>
