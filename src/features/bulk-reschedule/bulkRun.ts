import { backoffDelay } from './backoff'
import { asksToBackOff, verdictOf } from './sendVerdict'

export type ItemResult =
  | { kind: 'pending' }
  | { kind: 'sending' }
  | { kind: 'done'; said: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'unknown'; reason: string }
  /** Never sent: cancelled before its turn, or no connection to the API could be made (`reason`). */
  | { kind: 'not-sent'; reason?: string }

export type RunStatus = 'running' | 'paused' | 'cancelling' | 'finished' | 'cancelled'

export interface RunSnapshot {
  status: RunStatus
  results: ReadonlyMap<string, ItemResult>
  done: number
  failed: number
  unknown: number
  remaining: number
  startedAt: number
  /** While the API asked the run to slow down: until when nothing new is sent. */
  waitingUntil: number | null
  /** Why the run paused itself, if it did (the user's own Pause leaves this null). */
  pausedBecause: string | null
}

export interface BulkRunOptions {
  ids: readonly string[]
  concurrency: number
  /** Sends one PATCH; resolves with what the answer proved, rejects with the transport's error. */
  send: (id: string) => Promise<string>
  onChange: (snapshot: RunSnapshot) => void
  now?: () => number
  wait?: (ms: number) => Promise<void>
  /** How many times an id the API said it did not handle (429, 503) is sent again. */
  maxAgain?: number
  /** Answers in a row without a success after which the run pauses itself (default 5). */
  pauseAfterFailures?: number
}

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Reschedules a frozen set of ids with at most `concurrency` PATCHes in flight. Each id is sent once,
 * except after an answer that says it was not handled; an unknown outcome is never resent. Cancel stops
 * sending; what is in flight finishes and is counted.
 */
export function startBulkRun(options: BulkRunOptions) {
  const { send, onChange, now = Date.now, wait = defaultWait, maxAgain = 5, pauseAfterFailures = 5 } = options
  const ids = [...new Set(options.ids)]
  const results = new Map<string, ItemResult>(ids.map((id) => [id, { kind: 'pending' }]))
  const queue = [...ids]
  const tries = new Map<string, number>()
  const startedAt = now()
  let status: RunStatus = 'running'
  let waitingUntil: number | null = null
  let waiters: (() => void)[] = []
  let backoffStep = 0
  let failuresInARow = 0
  let pausedBecause: string | null = null

  // Counted as results change, not recounted per answer: a run of thousands stays linear.
  const counts: Record<ItemResult['kind'], number> = {
    pending: ids.length,
    sending: 0,
    done: 0,
    failed: 0,
    unknown: 0,
    'not-sent': 0,
  }
  const setResult = (id: string, result: ItemResult) => {
    const previous = results.get(id)
    if (previous) counts[previous.kind] -= 1
    counts[result.kind] += 1
    results.set(id, result)
  }
  // The snapshot shares the results map (read-only to its readers); a new snapshot object marks each change.
  const emit = () =>
    onChange({
      status,
      results,
      done: counts.done,
      failed: counts.failed,
      unknown: counts.unknown,
      remaining: counts.pending + counts.sending,
      startedAt,
      waitingUntil,
      pausedBecause,
    })

  /** Resolves at the next pause, resume or cancel: a waiting worker then looks at the status again. */
  const nextChange = () => new Promise<void>((resolve) => waiters.push(resolve))
  const wakeAll = () => {
    const woken = waiters
    waiters = []
    for (const resolve of woken) resolve()
  }

  async function worker(): Promise<void> {
    for (;;) {
      while (status === 'paused') await nextChange()
      if (status !== 'running') return
      if (waitingUntil !== null && waitingUntil > now()) {
        await Promise.race([wait(waitingUntil - now()), nextChange()])
        continue
      }
      const id = queue.shift()
      if (id === undefined) return
      setResult(id, { kind: 'sending' })
      emit()
      try {
        setResult(id, { kind: 'done', said: await send(id) })
        backoffStep = 0
        failuresInARow = 0
        if (waitingUntil !== null && waitingUntil <= now()) waitingUntil = null
      } catch (error) {
        settleFailure(id, error)
      }
      emit()
    }
  }

  function settleFailure(id: string, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error)

    if (asksToBackOff(error)) {
      // Answers to requests sent together are one signal: only a failure after the wait lengthens the next.
      const alreadyWaiting = waitingUntil !== null && waitingUntil > now()
      waitingUntil = Math.max(
        waitingUntil ?? 0,
        now() + backoffDelay(alreadyWaiting ? 0 : backoffStep, error),
      )
      if (!alreadyWaiting) backoffStep += 1
    }
    const verdict = verdictOf(error)
    const tried = (tries.get(id) ?? 0) + 1
    tries.set(id, tried)
    if (verdict === 'again' && tried <= maxAgain) {
      setResult(id, { kind: 'pending' })
      queue.unshift(id)
      return
    }
    setResult(
      id,
      verdict === 'unknown'
        ? { kind: 'unknown', reason }
        : verdict === 'not-sent'
          ? { kind: 'not-sent', reason }
          : { kind: 'failed', reason },
    )
    // An API that fails every request (not one asking to slow down): stop feeding it until the user decides.
    failuresInARow += 1
    if (failuresInARow >= pauseAfterFailures && status === 'running') {
      status = 'paused'
      pausedBecause = `${failuresInARow} answers in a row were failures (last: ${reason})`
    }
  }

  const finished = Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker)).then(() => {
    for (const id of queue) setResult(id, { kind: 'not-sent' })
    status = status === 'cancelling' ? 'cancelled' : 'finished'
    emit()
  })
  emit()

  return {
    finished,
    pause() {
      if (status !== 'running') return
      status = 'paused'
      wakeAll()
      emit()
    },
    resume() {
      if (status !== 'paused') return
      status = 'running'
      pausedBecause = null
      failuresInARow = 0
      wakeAll()
      emit()
    },
    cancel() {
      if (status !== 'running' && status !== 'paused') return
      status = 'cancelling'
      wakeAll()
      emit()
    },
  }
}

export type BulkRun = ReturnType<typeof startBulkRun>
