import type { AttemptIdSequence } from './ids.ts'
import { formatExecutionId } from './ids.ts'
import type { AttemptRecord, AttemptState, ExecutionRecord } from './model.ts'
import { Random } from './random.ts'
import { randomMetadata } from './seedMetadata.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A region the regular data never uses, so its failures stand out. */
export const CAUSE_REGION = 'ap-south-1'
export const CAUSE_NAMES = [
  'region-fails-fast',
  'failure-burst',
  'slow-retries',
  'incident-main',
  'incident-other',
] as const
/** The last hour's incident in production (the operator's guide walks it): a pipeline failing within seconds. */
export const INCIDENT_PIPELINE = 'settlement-sync'
/** And a smaller one beside it, failing late (an expired certificate): one to acknowledge with a note. */
export const INCIDENT_OTHER_PIPELINE = 'cert-rotation'

/** The ground truth of one seeded cause: the executions it made fail. */
export interface SeededCause {
  name: (typeof CAUSE_NAMES)[number]
  description: string
  ids: string[]
}

type Range = readonly [min: number, max: number]

interface CauseShape {
  /** Queue delay before the first attempt. */
  queue: Range
  attempts: Range
  run: Range
  pause: Range
}

const FAST_FAILURE: CauseShape = {
  queue: [200, 5 * SECOND],
  attempts: [1, 1],
  run: [SECOND, 8 * SECOND],
  pause: [0, 0],
}
const BURST_FAILURE: CauseShape = {
  queue: [200, 30 * SECOND],
  attempts: [1, 3],
  run: [20 * SECOND, 10 * MINUTE],
  pause: [5 * SECOND, 2 * MINUTE],
}
const SLOW_FAILURE: CauseShape = {
  queue: [SECOND, MINUTE],
  attempts: [4, 5],
  run: [25 * MINUTE, 90 * MINUTE],
  pause: [MINUTE, 5 * MINUTE],
}
/** The region's ordinary runs, so that the value is not failure alone. */
const REGION_SUCCESS: CauseShape = {
  queue: [200, 5 * SECOND],
  attempts: [1, 1],
  run: [20 * SECOND, 3 * MINUTE],
  pause: [0, 0],
}

export interface CauseSeed {
  executions: ExecutionRecord[]
  causes: SeededCause[]
  nextExecutionNumber: number
}

/** Executions per cause: 150 at the default 2,400, in proportion to the size, at least 5. */
export function causeSize(count: number): number {
  return Math.max(5, Math.round(count / 16))
}

/** The incident's executions: created 50 to 12 minutes before seeding, all in production. */
const INCIDENT_CREATED: (now: number) => Range = (now) => [now - 50 * MINUTE, now - 12 * MINUTE]
const CERT_FAILURE: CauseShape = {
  queue: [200, 5 * SECOND],
  attempts: [2, 3],
  run: [30 * SECOND, 2 * MINUTE],
  pause: [5 * SECOND, 30 * SECOND],
}

/**
 * Three causes of failure for triage to find, on top of the regular data and from a random stream
 * of their own (so the regular data stays the same): a metadata value whose runs fail within
 * seconds, a burst of failures a few hours ago, and failures after several long attempts. And an
 * incident inside the last hour, in production: one pipeline's runs failing within seconds (the
 * main cause), and another's failing after a few attempts (a smaller one), so that "Last hour" on
 * a fresh demo shows the story the operator's guide walks.
 */
export function seedCauses(
  options: { seed: number; count: number; now: number },
  firstExecutionNumber: number,
  attemptIds: AttemptIdSequence,
): CauseSeed {
  const { now } = options
  const random = new Random((options.seed ^ 0xca05e5) >>> 0)
  const size = causeSize(options.count)
  let nextNumber = firstExecutionNumber
  const executions: ExecutionRecord[] = []
  const burstStart = now - 6 * HOUR - random.int(0, 30 * MINUTE)
  // Keep the other causes (and the region's successes) out of the burst's minutes.
  const outsideBurst = (range: Range) => {
    for (;;) {
      const at = random.int(...range)
      if (at < burstStart - 30 * MINUTE || at > burstStart + HOUR) return at
    }
  }
  const make = (createdAt: number, shape: CauseShape, outcome: AttemptState, region?: string) => {
    const metadata = randomMetadata(random)
    const execution = finishedExecution(
      formatExecutionId(nextNumber++),
      createdAt,
      region ? { ...metadata, region } : metadata,
      shape,
      outcome,
      { random, attemptIds },
    )
    executions.push(execution)
    return execution.id
  }
  const recent: Range = [now - 14 * DAY, now - 30 * MINUTE]
  const regionIds = Array.from({ length: size }, () =>
    make(outsideBurst(recent), FAST_FAILURE, 'failed', CAUSE_REGION),
  )
  for (let index = 0; index < Math.round(size / 3); index++) {
    make(outsideBurst(recent), REGION_SUCCESS, 'succeed', CAUSE_REGION)
  }
  const burstIds = Array.from({ length: size }, () =>
    make(burstStart + random.int(0, 4 * MINUTE), BURST_FAILURE, 'failed'),
  )
  const slowIds = Array.from({ length: size }, () =>
    make(outsideBurst([now - 14 * DAY, now - 10 * HOUR]), SLOW_FAILURE, 'failed'),
  )
  const incident = (pipeline: string, team: string, shape: CauseShape, outcome: AttemptState) => {
    const metadata = { ...randomMetadata(random), env: 'production', team, pipeline }
    const execution = finishedExecution(
      formatExecutionId(nextNumber++),
      random.int(...INCIDENT_CREATED(now)),
      metadata,
      shape,
      outcome,
      { random, attemptIds },
    )
    executions.push(execution)
    return execution.id
  }
  const incidentSize = Math.max(5, Math.round(size / 6))
  const mainIds = Array.from({ length: incidentSize }, () =>
    incident(INCIDENT_PIPELINE, 'payments', FAST_FAILURE, 'failed'),
  )
  const otherIds = Array.from({ length: Math.max(3, Math.round(incidentSize / 4)) }, () =>
    incident(INCIDENT_OTHER_PIPELINE, 'platform', CERT_FAILURE, 'failed'),
  )
  return {
    executions,
    nextExecutionNumber: nextNumber,
    causes: [
      {
        name: 'region-fails-fast',
        description: `Runs in region ${CAUSE_REGION} fail within seconds, on their first and only attempt`,
        ids: regionIds,
      },
      {
        name: 'failure-burst',
        description: 'Failures of every kind created within four minutes, about six hours ago',
        ids: burstIds,
      },
      {
        name: 'slow-retries',
        description: 'Failures after 4 or 5 attempts of 25 to 90 minutes each',
        ids: slowIds,
      },
      {
        name: 'incident-main',
        description: `The last hour's incident in production: pipeline ${INCIDENT_PIPELINE} fails within seconds`,
        ids: mainIds,
      },
      {
        name: 'incident-other',
        description: `Beside it, pipeline ${INCIDENT_OTHER_PIPELINE} fails after 2 or 3 attempts`,
        ids: otherIds,
      },
    ],
  }
}

function finishedExecution(
  id: string,
  createdAt: number,
  metadata: Record<string, string>,
  shape: CauseShape,
  outcome: AttemptState,
  { random, attemptIds }: { random: Random; attemptIds: AttemptIdSequence },
): ExecutionRecord {
  const count = random.int(...shape.attempts)
  const attempts: AttemptRecord[] = []
  let start = createdAt + random.int(...shape.queue)
  for (let index = 0; index < count; index++) {
    const end = start + random.int(...shape.run)
    const state = index === count - 1 ? outcome : 'failed'
    attempts.push({ id: attemptIds.take(), state, createdAt: start, updatedAt: end })
    start = end + random.int(...shape.pause)
  }
  const last = attempts.at(-1)
  return {
    id,
    state: last?.state ?? 'created',
    createdAt,
    updatedAt: last?.updatedAt ?? createdAt,
    metadata,
    attempts,
  }
}
