import { buildListBody, type ListParams } from './listRequest'
import { executionListSchema, rescheduleResponseSchema, type Execution, type ExecutionList } from './schemas'
import { apiRequest } from './transport'

interface CallOptions {
  signal?: AbortSignal
}

export function listExecutions(params: ListParams, options: CallOptions = {}): Promise<ExecutionList> {
  return apiRequest({
    method: 'GET',
    path: '/executions',
    body: buildListBody(params),
    schema: executionListSchema,
    signal: options.signal,
  })
}

export async function rescheduleExecution(id: string, options: CallOptions = {}): Promise<Execution> {
  const response = await apiRequest({
    method: 'PATCH',
    path: `/executions/${encodeURIComponent(id)}/schedule`,
    body: { schedule_for: true },
    schema: rescheduleResponseSchema,
    signal: options.signal,
  })
  return response.data
}
