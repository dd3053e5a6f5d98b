import { backoffDelay } from './backoff'
import { asksToBackOff, verdictOf } from './sendVerdict'

export type ItemResult =
  | { kind: 'pending' }
  | { kind: 'sending' }
  | { kind: 'done'; said: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'unknown'; reason: string }
  | { kind: 'not-sent' }

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
}

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Reschedules a frozen set of ids with at most `concurrency` PATCHes in flight. Each id is sent once,
 * except after an answer that says it was not handled; an unknown outcome is never resent. Cancel stops
 * sending; what is in flight finishes and is counted.
 */
export function startBulkRun(options: BulkRunOptions) {
  const { send, onChange, now = Date.now, wait = defaultWait, maxAgain = 5 } = options
  const ids = [...new Set(options.ids)]
  const results = new Map<string, ItemResult>(ids.map((id) => [id, { kind: 'pending' }]))
  const queue = [...ids]
  const tries = new Map<string, number>()
  const startedAt = now()
  let status: RunStatus = 'running'
  let waitingUntil: number | null = null
  let waiters: (() => void)[] = []
  let backoffStep = 0

  const count = (kind: ItemResult['kind']) =>
    [...results.values()].filter((result) => result.kind === kind).length
  const emit = () =>
    onChange({
      status,
      results: new Map(results),
      done: count('done'),
      failed: count('failed'),
      unknown: count('unknown'),
      remaining: count('pending') + count('sending'),
      startedAt,
      waitingUntil,
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
      results.set(id, { kind: 'sending' })
      emit()
      try {
        results.set(id, { kind: 'done', said: await send(id) })
        backoffStep = 0
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
      results.set(id, { kind: 'pending' })
      queue.unshift(id)
    } else if (verdict === 'unknown') {
      results.set(id, { kind: 'unknown', reason })
    } else {
      results.set(id, { kind: 'failed', reason })
    }
  }

  const finished = Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker)).then(() => {
    for (const id of queue) results.set(id, { kind: 'not-sent' })
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
