import { ExecutionIndex } from './executionIndex.ts'
import { findExecutionPage } from './executionPage.ts'
import type { ExecutionFilters } from './filters.ts'
import { AttemptIdSequence, formatExecutionId } from './ids.ts'
import { cloneExecution } from './model.ts'
import type { AttemptRecord, AttemptState, ExecutionRecord, ExecutionState } from './model.ts'
import { compareNewestFirst } from './paging.ts'
import type { Page, PageRequest } from './paging.ts'
import type { SeedData } from './seed.ts'
import type { SeededCause } from './seedCauses.ts'

/**
 * In-memory executions, indexed newest first (see ExecutionIndex), plus the id sequences for new
 * ones. Built from a seed function, called again on reset, so no second copy of a million
 * executions is kept around; given seed data instead, it keeps that and works on copies.
 */
export class DemoStore {
  private index!: ExecutionIndex
  private byId = new Map<string, ExecutionRecord>()
  private nextExecutionNumber = 1
  private attemptIds = new AttemptIdSequence()
  /** The failure causes in the data as seeded (their executions may have changed since). */
  seededCauses: readonly SeededCause[] = []
  private readonly seed: () => SeedData

  constructor(source: SeedData | (() => SeedData)) {
    this.seed =
      typeof source === 'function'
        ? source
        : () => ({ ...source, executions: source.executions.map(cloneExecution) })
    this.reset()
  }

  reset(): void {
    // Let the old rows go before the new ones are made.
    this.index = new ExecutionIndex([])
    this.byId = new Map()
    const seedData = this.seed()
    // Seed data comes oldest first: this sort mostly reverses runs, which is cheap.
    const newestFirst = seedData.executions.sort(compareNewestFirst)
    this.index = new ExecutionIndex(newestFirst)
    for (const execution of newestFirst) this.byId.set(execution.id, execution)
    this.nextExecutionNumber = seedData.nextExecutionNumber
    this.attemptIds = new AttemptIdSequence(seedData.nextAttemptNumber)
    this.seededCauses = seedData.causes
  }

  get size(): number {
    return this.index.all.size
  }

  /** Every execution, newest first: a fresh array, O(n), for tests and checks. */
  all(): ExecutionRecord[] {
    return this.index.all.toArray()
  }

  /** The executions in one state, newest first. */
  inState(state: ExecutionState): ExecutionRecord[] {
    return this.index.inState(state)?.toArray() ?? []
  }

  get(id: string): ExecutionRecord | undefined {
    return this.byId.get(id)
  }

  page(filters: ExecutionFilters, request: PageRequest, defaultSize?: number): Page<ExecutionRecord> {
    return findExecutionPage(this.index, filters, request, defaultSize)
  }

  createExecution(metadata: Record<string, string>, now: number): ExecutionRecord {
    let id = formatExecutionId(this.nextExecutionNumber++)
    while (this.byId.has(id)) id = formatExecutionId(this.nextExecutionNumber++)
    const execution: ExecutionRecord = {
      id,
      state: 'created',
      createdAt: now,
      updatedAt: now,
      metadata,
      attempts: [],
    }
    this.index.add(execution)
    this.byId.set(id, execution)
    return execution
  }

  startAttempt(execution: ExecutionRecord, now: number): AttemptRecord {
    const attempt: AttemptRecord = {
      id: this.attemptIds.take(),
      state: 'started',
      createdAt: now,
      updatedAt: now,
    }
    execution.attempts.push(attempt)
    this.index.setState(execution, 'started')
    execution.updatedAt = now
    return attempt
  }

  /** Closes the running attempt and gives the execution the same state. */
  finishAttempt(execution: ExecutionRecord, state: Exclude<AttemptState, 'started'>, now: number): void {
    const current = execution.attempts.at(-1)
    if (current?.state === 'started') {
      current.state = state
      current.updatedAt = now
    }
    this.index.setState(execution, state)
    execution.updatedAt = now
  }

  /** Back to `created`; a still running attempt is closed as failed so a fresh one can follow. */
  reschedule(execution: ExecutionRecord, now: number): void {
    const current = execution.attempts.at(-1)
    if (current?.state === 'started') {
      current.state = 'failed'
      current.updatedAt = now
    }
    this.index.setState(execution, 'created')
    execution.updatedAt = now
  }
}
