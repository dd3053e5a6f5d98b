import { AttemptIdSequence, formatExecutionId } from './ids.ts'
import type { AttemptState, ExecutionRecord } from './model.ts'
import { Random } from './random.ts'
import { seedCauses } from './seedCauses.ts'
import type { SeededCause } from './seedCauses.ts'
import { randomMetadata } from './seedMetadata.ts'
import { specialExecutions, SPECIAL_EXECUTION_COUNT } from './seedSpecials.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const SEED_WINDOW_MS = 14 * DAY
/** Regular executions are at least this old, so the special ones are always the newest at seeding time. */
const NEWEST_REGULAR_AGE_MS = 10 * MINUTE
/**
 * With `recent`, its executions are created 50 to 10 minutes before now and the rest over the 14 days before the
 * last hour: "the last hour" holds exactly `recent` of them for ten minutes after seeding.
 */
const RECENT_SPREAD_MS = 40 * MINUTE

export interface SeedData {
  executions: ExecutionRecord[]
  nextExecutionNumber: number
  nextAttemptNumber: number
  /** The failure causes seeded on request (empty without), with their executions' ids. */
  causes: SeededCause[]
}

export interface SeedOptions {
  seed: number
  count: number
  now: number
  /** Add the executions of the failure causes (seedCauses.ts) on top of the regular data. */
  causes?: boolean
  /** How many executions are created in the last hour, the special ones among them (default: no such split). */
  recent?: number
}

type Range = readonly [min: number, max: number]

const QUEUE_DELAY: readonly (readonly [Range, number])[] = [
  [[200, 5 * SECOND], 70],
  [[5 * SECOND, MINUTE], 25],
  [[MINUTE, 10 * MINUTE], 5],
]
const RUN_DURATION: readonly (readonly [Range, number])[] = [
  [[20 * SECOND, 3 * MINUTE], 60],
  [[3 * MINUTE, 20 * MINUTE], 32],
  [[20 * MINUTE, 2 * HOUR], 8],
]
const SUCCESS_ATTEMPT_COUNT = [
  [1, 70],
  [2, 20],
  [3, 7],
  [4, 2],
  [5, 1],
] as const
const FAILURE_ATTEMPT_COUNT = [
  [1, 30],
  [2, 25],
  [3, 35],
  [4, 5],
  [5, 5],
] as const

function between(random: Random, tiers: readonly (readonly [Range, number])[]): number {
  const [min, max] = random.weighted(tiers)
  return random.int(min, max)
}

/**
 * Executions spread over the 14 days before `now`, oldest first, ids `exec-000001`… in creation
 * order, then the special ones, then (on request) the causes' executions, numbered after the rest.
 */
export function generateSeedData(options: SeedOptions): SeedData {
  const { seed, count, now } = options
  const random = new Random(seed)
  const attemptIds = new AttemptIdSequence()
  const regularCount = Math.max(0, count - SPECIAL_EXECUTION_COUNT)
  // A typed array sorts numbers natively: the same order as sort((a, b) => a - b), many times faster.
  const createdTimes = new Float64Array(regularCount)
  const recent = options.recent === undefined ? null : options.recent - SPECIAL_EXECUTION_COUNT
  for (let index = 0; index < regularCount; index++) {
    createdTimes[index] = createdTime(now, random.next(), recent === null ? null : index < recent)
  }
  createdTimes.sort()
  const executions: ExecutionRecord[] = new Array<ExecutionRecord>(regularCount)
  for (let index = 0; index < regularCount; index++) {
    const createdAt = createdTimes[index] as number
    const execution = regularExecution(formatExecutionId(index + 1), createdAt, now, random, attemptIds)
    // Pushes leave room for 17 attempts; an exact copy saves ~120 bytes per execution at a million.
    execution.attempts = execution.attempts.slice()
    executions[index] = execution
  }
  executions.push(...specialExecutions(now, attemptIds))
  if (!options.causes) {
    return {
      executions,
      nextExecutionNumber: regularCount + 1,
      nextAttemptNumber: attemptIds.next,
      causes: [],
    }
  }
  const caused = seedCauses(options, regularCount + 1, attemptIds)
  for (const execution of caused.executions) executions.push(execution)
  return {
    executions,
    nextExecutionNumber: caused.nextExecutionNumber,
    nextAttemptNumber: attemptIds.next,
    causes: caused.causes,
  }
}

/** A regular execution's created_at from a draw in [0, 1): over the 14 days, or in or before the last hour. */
function createdTime(now: number, draw: number, recent: boolean | null): number {
  if (recent === null)
    return now - NEWEST_REGULAR_AGE_MS - Math.floor(draw * (SEED_WINDOW_MS - NEWEST_REGULAR_AGE_MS))
  if (recent) return now - NEWEST_REGULAR_AGE_MS - Math.floor(draw * RECENT_SPREAD_MS)
  return now - HOUR - 1 - Math.floor(draw * (SEED_WINDOW_MS - HOUR - 1))
}

function startAttempt(execution: ExecutionRecord, at: number, attemptIds: AttemptIdSequence): void {
  execution.attempts.push({ id: attemptIds.take(), state: 'started', createdAt: at, updatedAt: at })
  execution.state = 'started'
  execution.updatedAt = at
}

function regularExecution(
  id: string,
  createdAt: number,
  now: number,
  random: Random,
  attemptIds: AttemptIdSequence,
): ExecutionRecord {
  const execution: ExecutionRecord = {
    id,
    state: 'created',
    createdAt,
    updatedAt: createdAt,
    metadata: randomMetadata(random),
    attempts: [],
  }
  const outcome: AttemptState = random.chance(0.86) ? 'succeed' : 'failed'
  const attemptCount = random.weighted(outcome === 'succeed' ? SUCCESS_ATTEMPT_COUNT : FAILURE_ATTEMPT_COUNT)
  let start = createdAt + between(random, QUEUE_DELAY)

  for (let index = 0; index < attemptCount; index++) {
    const end = start + between(random, RUN_DURATION)
    const previous = execution.attempts.at(-1)
    if (start >= now) {
      // Still queued, or waiting between a failed attempt and its retry: the retry has just begun.
      if (previous) {
        startAttempt(execution, previous.updatedAt + Math.floor((now - previous.updatedAt) / 2), attemptIds)
      }
      return execution
    }
    if (end >= now) {
      startAttempt(execution, start, attemptIds)
      return execution
    }
    const state = index === attemptCount - 1 ? outcome : 'failed'
    execution.attempts.push({ id: attemptIds.take(), state, createdAt: start, updatedAt: end })
    execution.state = state
    execution.updatedAt = end
    start = end + random.int(5 * SECOND, 2 * MINUTE)
  }

  addRareTwist(execution, now, random)
  return execution
}

/** A few old executions were rescheduled and wait in `created`, or hang in `started`. */
function addRareTwist(execution: ExecutionRecord, now: number, random: Random): void {
  const roll = random.next()
  const last = execution.attempts.at(-1)
  if (!last) return
  if (roll < 0.006) {
    execution.state = 'created'
    execution.updatedAt = Math.min(now - 1, last.updatedAt + random.int(MINUTE, 2 * HOUR))
  } else if (roll < 0.009) {
    last.state = 'started'
    last.updatedAt = last.createdAt
    execution.state = 'started'
    execution.updatedAt = last.createdAt
  }
}
