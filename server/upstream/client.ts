import { LRUCache } from 'lru-cache'
import { hash } from 'node:crypto'
import { parseRetryAfter } from '../../shared/retryAfter.ts'
import { Cancel, type CallSignal } from './cancel.ts'
import { createBudget, DEFAULT_BUDGET, type BudgetSettings, type Lane } from './budget.ts'
import { DEFAULT_REUSE_MS, type UpstreamConfig } from './config.ts'
import type { MatchedOperation } from './operations.ts'
import { CallAbandonedError, createAgents, sendOnce, UpstreamFailure, type RawAnswer } from './request.ts'
import { createHealthTracker } from './health.ts'

export interface CallOptions {
  operation: MatchedOperation
  body: Buffer
  authorization: string | null
  lane: Lane
  signal?: CallSignal
  timeoutMs?: number
  /** A person asked for the API's answer now (Refresh now): no answer of a moment ago stands in for it. */
  fresh?: boolean
  /** Whose call it is within its lane (a client, an index partition): the budget takes each owner's in turn. */
  owner?: string
  /** Goes before the owner's other waiting calls: a first count someone is waiting for. */
  urgent?: boolean
}

export interface UpstreamAnswer extends RawAnswer {
  /**
   * The answer repeated the credential it was asked with: its body is dropped here (empty), so no caller can pass
   * it on, log it or keep it. A header that held it (Content-Type, Retry-After) is dropped alone (null).
   */
  withheld: boolean
  /** When the call that answered was sent (ms epoch): the answer is at least as new as this. */
  sentAt: number
  /** When the answer arrived (ms epoch). */
  receivedAt: number
  /** Answered by a call another caller made (in flight, or a moment ago). */
  shared: boolean
}

export interface ClientSettings {
  budget?: BudgetSettings
  /** How long a read's answer may answer the same read again; 0 turns it off. */
  reuseMs?: number
  /** The largest answer read, as sent and decoded. */
  maxAnswerBytes?: number
}

export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024
const MAX_REUSED = 500
/** Tokens the API accepted, remembered (by digest) for this long after their last success, at most this many. */
export const ACCEPTED_MS = 60 * 60_000
const MAX_ACCEPTED = 10_000

interface Flight {
  promise: Promise<UpstreamAnswer>
  controller: Cancel
  waiters: number
}

const NO_BODY = Buffer.alloc(0)

/** The secret part of `Bearer <token>`, to keep it out of anything the server passes on. */
export function secretOf(authorization: string | null): string | null {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? ''
  return token.length >= 4 ? token : null
}

// One-shot: no Hash object per read.
const digest = (text: string) => hash('sha256', text, 'base64url')

/** The digest of the last credential asked again: with the server's token, every read is the same one. */
function lastDigest() {
  let last: { text: string; digest: string } | null = null
  return (text: string) => {
    if (last?.text !== text) last = { text, digest: digest(text) }
    return last.digest
  }
}

/**
 * The one upstream client: every call the server makes to the API goes through it (the proxy, the export, the
 * index, sign-in, readiness). It holds the connection pool, the budget, the deadline and decoding limits, and
 * shares reads: identical reads in flight are one call, and an answer a moment old answers the same read.
 */
export function createUpstreamClient(config: UpstreamConfig, settings: ClientSettings = {}) {
  const agents = createAgents()
  const budget = createBudget(settings.budget ?? DEFAULT_BUDGET)
  const reuseMs = settings.reuseMs ?? DEFAULT_REUSE_MS
  const maxAnswerBytes = settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES
  const flights = new Map<string, Flight>()
  // Read with peek: an answer stays as long as it was written, not as often as it is read.
  const recent = new LRUCache<string, UpstreamAnswer>({ max: MAX_REUSED })
  const credentialDigest = lastDigest()
  let upstreamCalls = 0
  /** When the API last answered at all (any status below 500): readiness needs no probe of its own then. */
  let lastAnsweredAt = 0
  const health = createHealthTracker()
  /** Credentials (by digest) the API answered with success, and when last: tokens it has accepted. */
  const accepted = new LRUCache<string, number>({ max: MAX_ACCEPTED })
  function noteAccepted(authorization: string | null, at: number) {
    if (authorization === null) return
    // The same credential call after call: its digest is kept, not computed on each answer.
    accepted.set(credentialDigest(authorization), at)
  }

  async function send(options: CallOptions, signal: CallSignal | undefined): Promise<UpstreamAnswer> {
    await budget.acquire(options.lane, signal, options.owner, options.urgent).catch(() => {
      throw new CallAbandonedError()
    })
    upstreamCalls += 1
    const sentAt = Date.now()
    try {
      // Object literals, not spreads: on the relay's hot path a spread cost a few µs of CPU a call.
      const raw = await sendOnce({
        config,
        agents,
        operation: options.operation,
        body: options.body,
        authorization: options.authorization,
        lane: options.lane,
        timeoutMs: options.timeoutMs,
        signal,
        maxAnswerBytes,
      })
      const receivedAt = Date.now()
      health.answered()
      if (raw.status < 500) lastAnsweredAt = receivedAt
      if (raw.status >= 200 && raw.status < 300) noteAccepted(options.authorization, receivedAt)
      budget.report({ status: raw.status, retryAfterSeconds: parseRetryAfter(raw.retryAfter) })
      // The one place an answer is checked for the token it was asked with (the relay, the index, the live views,
      // the export and the samplers all read answers from here).
      const secret = secretOf(options.authorization)
      const withheld = secret !== null && raw.body.includes(secret)
      return {
        status: raw.status,
        contentType: secret !== null && raw.contentType?.includes(secret) ? null : raw.contentType,
        retryAfter: secret !== null && raw.retryAfter?.includes(secret) ? null : raw.retryAfter,
        body: withheld ? NO_BODY : raw.body,
        bodyCut: raw.bodyCut,
        withheld,
        upstreamMs: raw.upstreamMs,
        sentAt,
        receivedAt,
        shared: false,
      }
    } catch (error) {
      if (!(error instanceof CallAbandonedError)) budget.report({ status: null, retryAfterSeconds: null })
      if (error instanceof UpstreamFailure) health.failed(error.code, error.message)
      throw error
    }
  }

  function remember(key: string, answer: UpstreamAnswer) {
    if (reuseMs <= 0 || answer.status < 200 || answer.status > 299) return
    recent.set(key, answer)
  }

  function join(flight: Flight, signal: CallSignal | undefined): Promise<UpstreamAnswer> {
    flight.waiters += 1
    return new Promise((resolve, reject) => {
      let done = false
      const leave = () => {
        if (done) return
        done = true
        flight.waiters -= 1
        // The call goes on while anyone still waits for it; the last one to leave abandons it.
        if (flight.waiters === 0) flight.controller.abort()
        reject(new CallAbandonedError())
      }
      if (signal?.aborted) return leave()
      signal?.addEventListener('abort', leave, { once: true })
      flight.promise.then(
        (answer) => {
          if (done) return
          done = true
          signal?.removeEventListener('abort', leave)
          resolve(answer)
        },
        (error: unknown) => {
          if (done) return
          done = true
          signal?.removeEventListener('abort', leave)
          reject(error instanceof Error ? error : new Error(String(error)))
        },
      )
    })
  }

  /** A read (GET): shared with identical reads of the same credential. */
  function read(options: CallOptions): Promise<UpstreamAnswer> {
    const key = `${credentialDigest(options.authorization ?? '')} ${options.operation.path} ${options.body.toString()}`
    const reused = recent.peek(key)
    if (reused && !options.fresh && Date.now() - reused.receivedAt <= reuseMs)
      return Promise.resolve({ ...reused, shared: true })
    // Users share with users; the server's own lanes with each other, so a person never waits in the budget.
    const flightKey = `${options.lane === 'user' ? 'user' : 'server'} ${key}`
    let flight = flights.get(flightKey)
    if (!flight) {
      const controller = new Cancel()
      const started = send(options, controller.signal)
      const created: Flight = { promise: started, controller, waiters: 0 }
      flight = created
      flights.set(flightKey, created)
      started.then(
        (answer) => {
          flights.delete(flightKey)
          remember(key, answer)
        },
        () => flights.delete(flightKey),
      )
      const first = join(created, options.signal)
      return first
    }
    return join(flight, options.signal).then((answer) => ({ ...answer, shared: true }))
  }

  return {
    config,
    budget,
    /** Reads are shared; a reschedule is always its own call, sent once. */
    call(options: CallOptions): Promise<UpstreamAnswer> {
      if (options.operation.method === 'GET') return read(options)
      return send(options, options.signal)
    },
    lastAnsweredAt: () => lastAnsweredAt,
    /** Whether the API answers, as the calls made so far say; listeners hear each change. */
    health,
    /** Whether the API answered a call with these credentials with success within the last ACCEPTED_MS. */
    accepted(authorization: string): boolean {
      const at = accepted.peek(digest(authorization))
      return at !== undefined && Date.now() - at < ACCEPTED_MS
    },
    /** Calls that really went upstream (shared and reused answers not counted). */
    callsMade: () => upstreamCalls,
    close() {
      budget.close()
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>
