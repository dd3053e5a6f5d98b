import { executionPath } from './executionPath'
import { buildListBody, type ListParams } from './listRequest'
import { attemptListSchema, type AttemptList } from './schemas'
import { apiRequest } from './transport'

export type AttemptListParams = Omit<ListParams, 'metadata'>

export function listAttempts(
  executionId: string,
  params: AttemptListParams,
  options: { signal?: AbortSignal } = {},
): Promise<AttemptList> {
  return apiRequest({
    method: 'GET',
    path: `${executionPath(executionId)}/attempts`,
    body: buildListBody(params),
    schema: attemptListSchema,
    signal: options.signal,
  })
}
