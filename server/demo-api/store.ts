import { AttemptIdSequence, formatExecutionId } from './ids.ts'
import { cloneExecution } from './model.ts'
import type { AttemptRecord, AttemptState, ExecutionRecord } from './model.ts'
import { compareNewestFirst } from './paging.ts'
import type { SeedData } from './seed.ts'

/** In-memory executions, kept newest first, plus the id sequences for new ones. */
export class DemoStore {
  private executions: ExecutionRecord[] = []
  private byId = new Map<string, ExecutionRecord>()
  private nextExecutionNumber = 1
  private attemptIds = new AttemptIdSequence()

  constructor(private readonly seedData: SeedData) {
    this.reset()
  }

  reset(): void {
    this.executions = this.seedData.executions.map(cloneExecution).sort(compareNewestFirst)
    this.byId = new Map(this.executions.map((execution) => [execution.id, execution]))
    this.nextExecutionNumber = this.seedData.nextExecutionNumber
    this.attemptIds = new AttemptIdSequence(this.seedData.nextAttemptNumber)
  }

  /** Newest first. Callers must not reorder it. */
  all(): readonly ExecutionRecord[] {
    return this.executions
  }

  get(id: string): ExecutionRecord | undefined {
    return this.byId.get(id)
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
    const index = this.executions.findIndex((other) => compareNewestFirst(other, execution) > 0)
    this.executions.splice(index === -1 ? this.executions.length : index, 0, execution)
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
    execution.state = 'started'
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
    execution.state = state
    execution.updatedAt = now
  }

  /** Back to `created`; a still running attempt is closed as failed so a fresh one can follow. */
  reschedule(execution: ExecutionRecord, now: number): void {
    const current = execution.attempts.at(-1)
    if (current?.state === 'started') {
      current.state = 'failed'
      current.updatedAt = now
    }
    execution.state = 'created'
    execution.updatedAt = now
  }
}
