import type { QueryClient } from '@tanstack/react-query'
import { patchExecutionInLists } from './executionCache'
import { attemptKeys, executionKeys } from './queryKeys'
import { readRescheduleAnswer, type RescheduleOutcome } from './rescheduleAnswer'
import { exchangeRoute } from './route'
import { anyAnswer } from './transport'

/** One PATCH; never retried here or by the caller, since the spec does not say it is idempotent. */
export async function rescheduleExecution(
  id: string,
  options: { signal?: AbortSignal; bulkRun?: string; bulkView?: string } = {},
): Promise<RescheduleOutcome> {
  const { status, data } = await exchangeRoute('reschedule', {
    // The audit trail groups a bulk run's reschedules under its id, and keeps what the run acted on (its view).
    headers: options.bulkRun
      ? { 'X-Bulk-Run': options.bulkRun, ...(options.bulkView ? { 'X-Bulk-View': options.bulkView } : {}) }
      : undefined,
    id,
    body: { schedule_for: true },
    read: anyAnswer,
    signal: options.signal,
  })
  return readRescheduleAnswer(id, status, data)
}

/*
 * Cache rules for a reschedule (one from a row, or each PATCH of a bulk run):
 * - An answer that carries the execution is written into every cached list page that holds it (and its
 *   detail report) at once. A new execution named by the answer is written too.
 * - Then, whatever the 2xx answer (200, 201, 202, 204, any body), the execution lists and that execution's
 *   attempt lists are invalidated in the background (a bulk run does it once, at its end): the state may
 *   move it in or out of filtered pages, and a new attempt follows.
 * - A failure whose outcome is unknown (no answer, 5xx) also invalidates, so the list shows what happened.
 * - A refused reschedule (4xx) changed nothing: the cache keeps what the server last reported.
 * - Never retried: the spec does not say the PATCH is idempotent (retry: false here and in the client).
 */
export function applyRescheduleAnswer(client: QueryClient, outcome: RescheduleOutcome): void {
  if (outcome.kind !== 'requested') patchExecutionInLists(client, outcome.execution)
}

export function refreshAfterReschedule(client: QueryClient, id: string): void {
  void client.invalidateQueries({ queryKey: executionKeys.lists() })
  void client.invalidateQueries({ queryKey: attemptKeys.listsOf(id) })
}
