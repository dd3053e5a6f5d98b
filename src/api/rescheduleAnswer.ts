import { readStateResource } from '../../shared/listAnswer'
import type { Execution } from './schemas'

/**
 * What a 2xx answer to a reschedule says. The spec shows 200 with `{data: execution}`; real services may
 * answer 200 with the execution at the top level, 202 (accepted, maybe not applied yet), 204 (no body),
 * another body, or an execution with a new id. Every 2xx is a success; only what it proves differs.
 */
export type RescheduleOutcome =
  | { kind: 'applied'; status: number; requestedId: string; execution: Execution }
  | { kind: 'requested'; status: number; requestedId: string }
  | { kind: 'new-execution'; status: number; requestedId: string; execution: Execution }

function executionIn(payload: unknown): Execution | null {
  if (payload === null || typeof payload !== 'object') return null
  const wrapped = readStateResource((payload as Record<string, unknown>)['data'])
  if (wrapped.ok) return wrapped.value
  const topLevel = readStateResource(payload)
  return topLevel.ok ? topLevel.value : null
}

export function readRescheduleAnswer(
  requestedId: string,
  status: number,
  payload: unknown,
): RescheduleOutcome {
  const execution = executionIn(payload)
  if (execution === null) return { kind: 'requested', status, requestedId }
  if (execution.id !== requestedId) return { kind: 'new-execution', status, requestedId, execution }
  return { kind: 'applied', status, requestedId, execution }
}
