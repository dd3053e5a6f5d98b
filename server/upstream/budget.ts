/*
 * The per-upstream request budget: a token bucket (at most `burst` calls at once, `ratePerSecond` on average)
 * shared by everything the server asks the API on its own. Lanes: `user` calls (a person's own request)
 * never wait, but they use tokens too, so the server's own work slows down when people are busy. The waiting
 * lanes share what is left by weight (stride scheduling), so none is starved while another is busy: `live`
 * (refreshing views people watch) and `index` (first counts, refreshing the index) 4 each, `verify` (the index's
 * rolling re-verification of every family, see docs/decisions) 2, `sample` (reading attempts for the failure
 * board's attempt shapes) 1. A lane alone takes every token; ties go in that order. Calls are taken by owner
 * (ownerQueues.ts: a client's live views, an index partition), the one that has used least of late first; an owner's
 * urgent call (a first count someone waits for) goes before its others. People's calls never wait, and slow
 * the server's own work by at most three quarters of the rate: past that they take no tokens, so however many they
 * make, the server's own work keeps a quarter.
 * After a 429 the waiting lanes pause for its Retry-After; after a 5xx or no answer, for 1, 2, 4 … 60 s, until
 * the API answers again. What tells it that is the `health` lane: the one probe of whether the API is back (at most
 * one every 2 s, for every tab) goes at once as a person's call does, so the back-off never hides the API's return.
 */
import type { CallSignal } from './cancel.ts'
import { createOwnerQueues } from './ownerQueues.ts'

export type Lane = 'user' | 'health' | 'live' | 'index' | 'verify' | 'sample'
type WaitingLane = Exclude<Lane, 'user' | 'health'>
/** Ties are served in this order. */
const WAITING_LANES: readonly WaitingLane[] = ['live', 'index', 'verify', 'sample']
/** Each lane's share of the tokens while several lanes wait. */
export const LANE_WEIGHTS: Readonly<Record<WaitingLane, number>> = { live: 4, index: 4, verify: 2, sample: 1 }

export interface BudgetSettings {
  burst: number
  ratePerSecond: number
  /** The most of the rate the index's verification rounds take, even when nothing else waits (default 1/4). */
  verifyShare?: number
}

export const DEFAULT_BUDGET: BudgetSettings = { burst: 10, ratePerSecond: 1 }
/**
 * Verification walks every watched family again and again; on its own it would take every token. It takes at most
 * this share of the rate (and a burst of that share), so a watched view costs the API a bounded, steady rate.
 */
export const VERIFY_SHARE = 0.25
/** The server's own work keeps this share of the rate whatever people's own calls take. */
export const RESERVED_SHARE = 0.25

/** A wait for a token that its caller gave up (the scan stopped, the browser left). */
export class WaitAbandonedError extends Error {}
const MAX_BACKOFF_MS = 60_000

interface Waiter {
  lane: WaitingLane
  owner: string
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
  const queues = createOwnerQueues<WaitingLane, Waiter>(WAITING_LANES, LANE_WEIGHTS, now)
  const calls: Record<Lane, number> = { user: 0, health: 0, live: 0, index: 0, verify: 0, sample: 0 }
  const verifyRate = settings.ratePerSecond * (settings.verifyShare ?? VERIFY_SHARE)
  const verifyBurst = Math.max(1, settings.burst * (settings.verifyShare ?? VERIFY_SHARE))
  let verifyTokens = verifyBurst
  /** What people's calls may take from the server's tokens: all but its reserved share. */
  const allowanceRate = settings.ratePerSecond * (1 - RESERVED_SHARE)
  const allowanceBurst = Math.max(1, settings.burst * (1 - RESERVED_SHARE))
  let allowance = allowanceBurst

  function refill() {
    const time = now()
    const seconds = (time - refilledAt) / 1000
    tokens = Math.min(settings.burst, tokens + seconds * settings.ratePerSecond)
    verifyTokens = Math.min(verifyBurst, verifyTokens + seconds * verifyRate)
    allowance = Math.min(allowanceBurst, allowance + seconds * allowanceRate)
    refilledAt = time
  }

  /** A lane whose calls may go now: verification only within its share. */
  const may = (lane: WaitingLane) => lane !== 'verify' || verifyTokens >= 1

  function nextWaiter(): Waiter | undefined {
    const next = queues.next(may)
    if (next?.lane === 'verify') verifyTokens -= 1
    return next?.item
  }

  function pump() {
    clearTimeout(timer)
    timer = undefined
    refill()
    const time = now()
    while (time >= pausedUntil && tokens >= 1) {
      const waiter = nextWaiter()
      if (!waiter) break
      tokens -= 1
      calls[waiter.lane] += 1
      waiter.signal?.removeEventListener('abort', waiter.onAbort)
      waiter.resolve()
    }
    if (queues.size() === 0) return
    const untilToken = tokens >= 1 ? 0 : ((1 - tokens) / settings.ratePerSecond) * 1000
    // Only verification waits, beyond its share: until its own next token.
    const onlyVerify = queues.size() === queues.sizeOf('verify')
    const untilVerify = onlyVerify && verifyTokens < 1 ? ((1 - verifyTokens) / verifyRate) * 1000 : 0
    const wait = Math.max(pausedUntil - time, untilToken, untilVerify, 1)
    timer = setTimeout(pump, wait)
    timer.unref?.()
  }

  return {
    /**
     * Resolves when a call in `lane` may go out, in turn with `owner`'s others (an `urgent` one before them); a
     * `user` or `health` call goes at once.
     */
    acquire(lane: Lane, signal?: CallSignal, owner = '', urgent = false): Promise<void> {
      if (lane === 'user' || lane === 'health') {
        refill()
        // People's calls slow the server's own work, never the reverse: a debt of at most one burst, and no more
        // than their allowance, so the server keeps its reserved share however many they make.
        if (allowance >= 1) {
          allowance -= 1
          tokens = Math.max(tokens - 1, -settings.burst)
        }
        calls[lane] += 1
        return Promise.resolve()
      }
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(new WaitAbandonedError())
        const waiter: Waiter = { lane, owner, resolve, reject, signal, onAbort: () => {} }
        waiter.onAbort = () => {
          queues.remove(owner, lane, waiter)
          reject(new WaitAbandonedError())
        }
        signal?.addEventListener('abort', waiter.onAbort, { once: true })
        queues.push(owner, lane, waiter, urgent)
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
          live: queues.sizeOf('live'),
          index: queues.sizeOf('index'),
          verify: queues.sizeOf('verify'),
          sample: queues.sizeOf('sample'),
        },
        tokens,
        pausedUntil,
      }
    },
    close() {
      clearTimeout(timer)
      for (const waiter of queues.drain()) waiter.reject(new Error('closed'))
    },
  }
}

export type Budget = ReturnType<typeof createBudget>
