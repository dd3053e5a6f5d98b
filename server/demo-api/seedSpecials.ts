import type { AttemptState, ExecutionRecord, ExecutionState } from './model.ts'
import type { AttemptIdSequence } from './ids.ts'

export const ODD_EXECUTION_ID = 'job/2026 #1'
export const LOCKED_EXECUTION_ID = 'exec-locked'
export const MARKUP_EXECUTION_ID = 'exec-markup'
export const MARKUP_PIPELINE = '<b>nightly</b> & backfill'
/** The one execution with more than 5 attempts (23), so attempt paging has pages to walk. */
export const FLAKY_EXECUTION_ID = 'exec-flaky'
export const FLAKY_ATTEMPT_COUNT = 23
export const SPECIAL_EXECUTION_COUNT = 4
/**
 * The metadata key that says, in a few words, what a special execution demonstrates: they sit at
 * the top of the list, and one of them refuses every reschedule on purpose.
 */
export const DEMO_FIXTURE_KEY = 'demo_fixture'

/** 22 failed tries of 15 s with 5 s pauses, then a success. */
const flakyAttempts: AttemptSpec[] = Array.from({ length: FLAKY_ATTEMPT_COUNT }, (_, index) => [
  1_000 + index * 20_000,
  16_000 + index * 20_000,
  index === FLAKY_ATTEMPT_COUNT - 1 ? 'succeed' : 'failed',
])

/** [start offset, end offset (null while running), state], offsets in ms from the execution's created_at. */
type AttemptSpec = readonly [start: number, end: number | null, state: AttemptState]

interface SpecialSpec {
  id: string
  /** The `demo_fixture` value, first among the metadata so the table shows it. */
  fixture: string
  ageMs: number
  state: ExecutionState
  metadata: Record<string, string>
  attempts: readonly AttemptSpec[]
}

const SPECIALS: readonly SpecialSpec[] = [
  {
    id: ODD_EXECUTION_ID,
    fixture: 'id needs encoding',
    ageMs: 3 * 60_000 + 12_345,
    state: 'failed',
    metadata: {
      env: 'production',
      region: 'eu-west-1',
      team: 'data',
      pipeline: 'nightly-etl',
      trigger: 'manual',
    },
    attempts: [
      [1_200, 41_000, 'failed'],
      [46_000, 88_500, 'failed'],
      [98_000, 150_250, 'failed'],
    ],
  },
  {
    id: LOCKED_EXECUTION_ID,
    fixture: 'reschedule refused (409)',
    ageMs: 5 * 60_000 + 40_000,
    state: 'started',
    metadata: {
      env: 'production',
      region: 'us-east-1',
      team: 'platform',
      pipeline: 'deploy-api',
      trigger: 'webhook',
    },
    attempts: [[2_000, null, 'started']],
  },
  {
    id: MARKUP_EXECUTION_ID,
    fixture: 'markup in metadata',
    ageMs: 8 * 60_000 + 5_000,
    state: 'succeed',
    metadata: {
      env: 'staging',
      region: 'eu-west-1',
      team: 'data',
      pipeline: MARKUP_PIPELINE,
      trigger: 'schedule',
    },
    attempts: [[900, 120_000, 'succeed']],
  },
  {
    id: FLAKY_EXECUTION_ID,
    fixture: `${FLAKY_ATTEMPT_COUNT} attempts`,
    ageMs: 9 * 60_000,
    state: 'succeed',
    metadata: {
      env: 'production',
      region: 'us-west-2',
      team: 'search',
      pipeline: 'index-rebuild',
      trigger: 'schedule',
    },
    attempts: flakyAttempts,
  },
]

/** Executions the tests and the UI rely on, placed among the newest at seeding time. */
export function specialExecutions(now: number, attemptIds: AttemptIdSequence): ExecutionRecord[] {
  return SPECIALS.map((spec) => {
    const createdAt = now - spec.ageMs
    const attempts = spec.attempts.map(([start, end, state]) => ({
      id: attemptIds.take(),
      state,
      createdAt: createdAt + start,
      updatedAt: createdAt + (end ?? start),
    }))
    return {
      id: spec.id,
      state: spec.state,
      createdAt,
      updatedAt: attempts.at(-1)?.updatedAt ?? createdAt,
      metadata: { [DEMO_FIXTURE_KEY]: spec.fixture, ...spec.metadata },
      attempts,
    }
  })
}
