import { ApiError } from './errors.ts'
import { matchesStates } from './filters.ts'
import { toAttemptJson, toExecutionJson } from './model.ts'
import type { AttemptJson, ExecutionJson, ExecutionRecord } from './model.ts'
import { compareNewestFirst, paginate } from './paging.ts'
import type { PageInfo } from './paging.ts'
import { createRequestSchemas, parseBody } from './requestSchemas.ts'
import type { RequestSchemas } from './requestSchemas.ts'
import { LOCKED_EXECUTION_ID } from './seedSpecials.ts'
import type { DemoStore } from './store.ts'

export const OPERATIONS = ['list_executions', 'list_attempts', 'reschedule'] as const
export type Operation = (typeof OPERATIONS)[number]

export interface ListResponse<T> {
  data: T[]
  page_info: PageInfo
}

export interface ExecutionResponse {
  data: ExecutionJson
}

function findExecution(store: DemoStore, id: string): ExecutionRecord {
  const execution = store.get(id)
  if (!execution) throw new ApiError(404, `Execution ${id} not found`)
  return execution
}

const DEFAULT_SCHEMAS = createRequestSchemas()

export function listExecutions(
  store: DemoStore,
  body: unknown,
  schemas: RequestSchemas = DEFAULT_SCHEMAS,
): ListResponse<ExecutionJson> {
  const { page, filters } = parseBody(schemas.listExecutions, body)
  const { items, pageInfo } = store.page(filters ?? {}, page ?? {}, schemas.defaultPageSize)
  return { data: items.map(toExecutionJson), page_info: pageInfo }
}

export function listAttempts(
  store: DemoStore,
  executionId: string,
  body: unknown,
  schemas: RequestSchemas = DEFAULT_SCHEMAS,
): ListResponse<AttemptJson> {
  const { page, filters } = parseBody(schemas.listAttempts, body)
  const execution = findExecution(store, executionId)
  const matching = execution.attempts
    .filter((attempt) => matchesStates(attempt.state, filters?.states))
    .sort(compareNewestFirst)
  const { items, pageInfo } = paginate(matching, page ?? {}, schemas.defaultPageSize)
  return { data: items.map(toAttemptJson), page_info: pageInfo }
}

/**
 * `schedule_for: true` puts the execution back to `created` (the simulation then starts a new
 * attempt); `schedule_for: false` is the demo's no-op and returns the execution unchanged.
 */
export function reschedule(
  store: DemoStore,
  executionId: string,
  body: unknown,
  now: number,
): ExecutionResponse {
  const { schedule_for: scheduleFor } = parseBody(DEFAULT_SCHEMAS.reschedule, body)
  const execution = findExecution(store, executionId)
  if (execution.id === LOCKED_EXECUTION_ID) {
    throw new ApiError(
      409,
      `Execution ${execution.id} is locked by a running deployment and cannot be rescheduled`,
    )
  }
  if (scheduleFor) store.reschedule(execution, now)
  return { data: toExecutionJson(execution) }
}
