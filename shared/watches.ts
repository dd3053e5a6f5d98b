/*
 * Watches, as the server keeps them and the browser shows them (GET /api/watches, the `watches` and `notice` events
 * of /api/watches/stream). A watch follows one execution, or a view with a threshold ("more than 10 failed in the
 * last 15 minutes"); the server follows it through its index, once for all of a user's tabs.
 */
import { KNOWN_EXECUTION_STATES, type KnownExecutionState } from './states.ts'
import { isRecord } from './readResult.ts'

export const WATCH_LIMITS = { perUser: 50, label: 120, count: 1_000_000, minutes: 7 * 24 * 60 } as const
/** At most one notice per watch in this long; what changes meanwhile is grouped into the next one. */
export const NOTICE_EVERY_MS = 60_000

export interface WatchThreshold {
  state: KnownExecutionState
  /** A notice when more than this many executions of the view are in `state`… */
  count: number
  /** …counted by when they last changed (updated_at), over the last this many minutes. */
  minutes: number
}

/** What the server last saw of a watch: an execution's state, or a view's count against its threshold. */
export interface WatchSeen {
  at: number
  /** The execution's state as the API spells it; null: the index has not seen this execution (yet). */
  state?: string | null
  /** The index saw it leave the running set and is reading how it ended. */
  outcomePending?: boolean
  /** The view's count over the threshold's window; `exact` false: a lower bound (the index is not complete). */
  count?: number
  exact?: boolean
  above?: boolean
}

export interface Watch {
  id: string
  kind: 'execution' | 'view'
  label: string
  executionId: string | null
  /** The view's filters in the URL's own spelling (state=…&m.<key>=…). */
  view: string | null
  threshold: WatchThreshold | null
  createdAt: number
  seen: WatchSeen | null
  /** When its last notice went out (null: none yet); changes since wait for the next minute. */
  notifiedAt: number | null
  waiting: number
}

export interface WatchNotice {
  /** Rises with every notice: a reconnecting tab asks for what came after the last it heard. */
  seq: number
  watchId: string
  at: number
  title: string
  body: string
  /** How many changes the notice groups (more than one inside a minute). */
  changes: number
  executionId: string | null
}

export interface WatchList {
  watches: Watch[]
  /** Whether the server posts notices to a webhook (DASHBOARD_WEBHOOK_URL). */
  webhook: boolean
}

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max

/** A threshold as a browser sent it, or the problems with it, in words. */
export function readThreshold(value: unknown): { threshold: WatchThreshold | null; problems: string[] } {
  const problems: string[] = []
  if (!isRecord(value)) return { threshold: null, problems: ['threshold must be {state, count, minutes}'] }
  const { state, count, minutes } = value
  if (typeof state !== 'string' || !(KNOWN_EXECUTION_STATES as readonly string[]).includes(state))
    problems.push(`threshold.state must be one of ${KNOWN_EXECUTION_STATES.join(', ')}`)
  if (!isWhole(count, WATCH_LIMITS.count))
    problems.push(`threshold.count must be a whole number from 0 to ${WATCH_LIMITS.count}`)
  if (!isWhole(minutes, WATCH_LIMITS.minutes) || minutes < 1)
    problems.push(`threshold.minutes must be a whole number from 1 to ${WATCH_LIMITS.minutes}`)
  if (problems.length > 0) return { threshold: null, problems }
  return {
    threshold: { state: state as KnownExecutionState, count: count as number, minutes: minutes as number },
    problems,
  }
}

/** "more than 10 failed in the last 15 minutes" */
export function thresholdText(threshold: WatchThreshold): string {
  const span =
    threshold.minutes % 60 === 0
      ? `${threshold.minutes / 60} hour${threshold.minutes === 60 ? '' : 's'}`
      : `${threshold.minutes} minute${threshold.minutes === 1 ? '' : 's'}`
  const state = threshold.state === 'succeed' ? 'succeeded' : threshold.state
  return `more than ${threshold.count} ${state} in the last ${span === '1 hour' ? 'hour' : span}`
}
