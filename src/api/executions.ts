import { buildListBody, type ListParams } from './listRequest'
import { z } from 'zod/mini'
import { readRescheduleAnswer, type RescheduleOutcome } from './rescheduleAnswer'
import { rememberStates } from './executionStates'
import { toListPage } from './listPage'
import { executionSchema, listEnvelopeSchema, type ExecutionList } from './schemas'
import { apiExchange, apiRequest } from './transport'
import { executionPath } from './executionPath'

interface CallOptions {
  signal?: AbortSignal
}

export async function listExecutions(params: ListParams, options: CallOptions = {}): Promise<ExecutionList> {
  const envelope = await apiRequest({
    method: 'GET',
    path: '/executions',
    body: buildListBody(params),
    schema: listEnvelopeSchema,
    signal: options.signal,
  })
  const page = toListPage(envelope, executionSchema)
  rememberStates(page.data.map((execution) => execution.state))
  return page
}

/** One PATCH; never retried here or by the caller, since the spec does not say it is idempotent. */
export async function rescheduleExecution(id: string, options: CallOptions = {}): Promise<RescheduleOutcome> {
  const { status, data } = await apiExchange({
    method: 'PATCH',
    path: `${executionPath(id)}/schedule`,
    body: { schedule_for: true },
    schema: z.unknown(),
    signal: options.signal,
  })
  return readRescheduleAnswer(id, status, data)
}
