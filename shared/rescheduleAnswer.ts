import { readStateResource, type StateResource } from './listAnswer.ts'
import { isRecord } from './readResult.ts'

/*
 * What a 2xx answer to a reschedule says, read once for the browser (what to tell the user, what to write into the
 * lists) and for the server (the state the audit trail records). The spec shows 200 with `{data: execution}`; real
 * services may answer 200 with the execution at the top level or under `execution`, 202 (accepted, maybe not
 * applied yet), 204 (no body), another body, or an execution with a new id. Every 2xx is a success; only what it
 * proves differs.
 */
export type RescheduleOutcome<E extends StateResource = StateResource> =
  | { kind: 'applied'; status: number; requestedId: string; execution: E }
  | { kind: 'requested'; status: number; requestedId: string }
  | { kind: 'new-execution'; status: number; requestedId: string; execution: E }

/** Where an answer may carry the execution, in the order they are tried. */
const placesOf = (payload: unknown): unknown[] =>
  isRecord(payload) ? [payload['data'], payload, payload['execution']] : []

export function readRescheduleAnswer<E extends StateResource = StateResource>(
  requestedId: string,
  status: number,
  payload: unknown,
): RescheduleOutcome<E> {
  for (const place of placesOf(payload)) {
    const read = readStateResource(place)
    if (!read.ok) continue
    const execution = read.value as E
    return execution.id === requestedId
      ? { kind: 'applied', status, requestedId, execution }
      : { kind: 'new-execution', status, requestedId, execution }
  }
  return { kind: 'requested', status, requestedId }
}

/**
 * The state the answer says the execution is in now, for the trail: the execution's, or a `state` the answer names
 * in one of the same places without being a whole execution (null: it names none).
 */
export function rescheduledState(requestedId: string, status: number, payload: unknown): string | null {
  const outcome = readRescheduleAnswer(requestedId, status, payload)
  if (outcome.kind !== 'requested') return outcome.execution.state
  for (const place of placesOf(payload))
    if (isRecord(place) && typeof place['state'] === 'string') return place['state']
  return null
}
