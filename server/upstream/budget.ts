/*
 * The per-upstream request budget: a token bucket (at most `burst` calls at once, `ratePerSecond` on average)
 * shared by everything the server asks the API on its own. Lanes: `user` calls (a person's own request)
 * never wait, but they use tokens too, so the server's own work slows down when people are busy; `live`
 * (refreshing views people watch) is served before `index` (building and keeping the index), that before
 * `sample` (reading attempts for the failure board's attempt shapes) and that before `rescan` (the slow periodic
 * re-scan of a complete index).
 * After a 429 the waiting lanes pause for its Retry-After; after a 5xx or no answer, for 1, 2, 4 … 60 s, until
 * the API answers again.
 */
import type { CallSignal } from './cancel.ts'

export type Lane = 'user' | 'live' | 'index' | 'sample' | 'rescan'
type WaitingLane = Exclude<Lane, 'user'>
/** Served in this order as tokens come. */
const WAITING_LANES: readonly WaitingLane[] = ['live', 'index', 'sample', 'rescan']

export interface BudgetSettings {
  burst: number
  ratePerSecond: number
}

export const DEFAULT_BUDGET: BudgetSettings = { burst: 10, ratePerSecond: 1 }

/** A wait for a token that its caller gave up (the scan stopped, the browser left). */
export class WaitAbandonedError extends Error {}
const MAX_BACKOFF_MS = 60_000

interface Waiter {
  lane: WaitingLane
  resolve: () => void
  reject: (error: unknown) => void
  signal: CallSignal | undefined
  onAbort: () => void
}

export interface BudgetStats {
  calls: Record<Lane, number>
  waiting: Record<WaitingLane, number>
  tokens: number
  pausedUntil: number
}

export function createBudget(settings: BudgetSettings, now: () => number = Date.now) {
  let tokens = settings.burst
  let refilledAt = now()
  let pausedUntil = 0
  /** The part of the pause a 429's Retry-After asked for: a later success does not cut it short. */
  let limitedUntil = 0
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  const queues: Record<WaitingLane, Waiter[]> = { live: [], index: [], sample: [], rescan: [] }
  const calls: Record<Lane, number> = { user: 0, live: 0, index: 0, sample: 0, rescan: 0 }
  const waitingCount = () => WAITING_LANES.reduce((sum, lane) => sum + queues[lane].length, 0)

  function refill() {
    const time = now()
    tokens = Math.min(settings.burst, tokens + ((time - refilledAt) / 1000) * settings.ratePerSecond)
    refilledAt = time
  }

  function nextWaiter(): Waiter | undefined {
    for (const lane of WAITING_LANES) {
      const waiter = queues[lane].shift()
      if (waiter) return waiter
    }
    return undefined
  }

  function pump() {
    clearTimeout(timer)
    timer = undefined
    refill()
    const time = now()
    while (time >= pausedUntil && tokens >= 1) {
      const waiter = nextWaiter()
      if (!waiter) return
      tokens -= 1
      calls[waiter.lane] += 1
      waiter.signal?.removeEventListener('abort', waiter.onAbort)
      waiter.resolve()
    }
    if (waitingCount() === 0) return
    const untilToken = tokens >= 1 ? 0 : ((1 - tokens) / settings.ratePerSecond) * 1000
    const wait = Math.max(pausedUntil - time, untilToken, 1)
    timer = setTimeout(pump, wait)
    timer.unref?.()
  }

  return {
    /** Resolves when a call in `lane` may go out; a `user` call goes at once. */
    acquire(lane: Lane, signal?: CallSignal): Promise<void> {
      if (lane === 'user') {
        refill()
        // A debt of at most one burst: people's calls slow the server's own work, never the reverse.
        tokens = Math.max(tokens - 1, -settings.burst)
        calls.user += 1
        return Promise.resolve()
      }
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(new WaitAbandonedError())
        const waiter: Waiter = { lane, resolve, reject, signal, onAbort: () => {} }
        waiter.onAbort = () => {
          queues[lane] = queues[lane].filter((other) => other !== waiter)
          reject(new WaitAbandonedError())
        }
        signal?.addEventListener('abort', waiter.onAbort, { once: true })
        queues[lane].push(waiter)
        pump()
      })
    },
    /** What the API said of the last call: a 429 pauses for its Retry-After, a 5xx backs off, success resets. */
    report(outcome: { status: number | null; retryAfterSeconds: number | null }) {
      const { status, retryAfterSeconds } = outcome
      if (status === 429) {
        limitedUntil = Math.max(
          limitedUntil,
          now() + Math.min((retryAfterSeconds ?? 1) * 1000, MAX_BACKOFF_MS),
        )
        pausedUntil = Math.max(pausedUntil, limitedUntil)
      } else if (status === null || status >= 500) {
        failures += 1
        pausedUntil = Math.max(pausedUntil, now() + Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS))
      } else {
        // The API answers again: a back-off for its earlier failures is over (a Retry-After still holds).
        failures = 0
        pausedUntil = Math.min(pausedUntil, Math.max(limitedUntil, now()))
      }
      pump()
    },
    stats(): BudgetStats {
      refill()
      return {
        calls: { ...calls },
        waiting: {
          live: queues.live.length,
          index: queues.index.length,
          sample: queues.sample.length,
          rescan: queues.rescan.length,
        },
        tokens,
        pausedUntil,
      }
    },
    close() {
      clearTimeout(timer)
      for (const lane of WAITING_LANES) {
        for (const waiter of queues[lane]) waiter.reject(new Error('closed'))
        queues[lane] = []
      }
    },
  }
}

export type Budget = ReturnType<typeof createBudget>
