export const EXECUTION_STATES = ['created', 'started', 'succeed', 'failed'] as const
export type ExecutionState = (typeof EXECUTION_STATES)[number]
export type AttemptState = Exclude<ExecutionState, 'created'>

/** Times are epoch milliseconds; they become RFC 3339 strings only on the wire. */
export interface AttemptRecord {
  id: string
  state: AttemptState
  createdAt: number
  updatedAt: number
}

export interface ExecutionRecord {
  id: string
  state: ExecutionState
  createdAt: number
  updatedAt: number
  metadata: Record<string, string>
  /** Oldest first. */
  attempts: AttemptRecord[]
}

/** Anything that has a place in the newest-first ordering used by both lists. */
export interface SortKey {
  createdAt: number
  id: string
}

export interface ExecutionJson {
  id: string
  state: ExecutionState
  created_at: string
  updated_at: string
  metadata: Record<string, string>
}

export interface AttemptJson {
  id: string
  state: AttemptState
  created_at: string
  updated_at: string
}

export function toExecutionJson(execution: ExecutionRecord): ExecutionJson {
  return {
    id: execution.id,
    state: execution.state,
    created_at: new Date(execution.createdAt).toISOString(),
    updated_at: new Date(execution.updatedAt).toISOString(),
    metadata: { ...execution.metadata },
  }
}

export function toAttemptJson(attempt: AttemptRecord): AttemptJson {
  return {
    id: attempt.id,
    state: attempt.state,
    created_at: new Date(attempt.createdAt).toISOString(),
    updated_at: new Date(attempt.updatedAt).toISOString(),
  }
}

export function cloneExecution(execution: ExecutionRecord): ExecutionRecord {
  return {
    ...execution,
    metadata: { ...execution.metadata },
    attempts: execution.attempts.map((attempt) => ({ ...attempt })),
  }
}
