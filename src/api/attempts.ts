import { executionPath } from './executionPath'
import { buildListBody, type ListParams } from './listRequest'
import { rememberStates } from './executionStates'
import { toListPage } from './listPage'
import { attemptSchema, listEnvelopeSchema, type AttemptList } from './schemas'
import { apiRequest } from './transport'

export type AttemptListParams = Omit<ListParams, 'metadata'>

export async function listAttempts(
  executionId: string,
  params: AttemptListParams,
  options: { signal?: AbortSignal } = {},
): Promise<AttemptList> {
  const envelope = await apiRequest({
    method: 'GET',
    path: `${executionPath(executionId)}/attempts`,
    body: buildListBody(params),
    schema: listEnvelopeSchema,
    signal: options.signal,
  })
  const page = toListPage(envelope, attemptSchema)
  rememberStates(page.data.map((attempt) => attempt.state))
  return page
}
