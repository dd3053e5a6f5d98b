import { readListEnvelope } from '../../shared/listAnswer'
import { executionPath } from './executionPath'
import type { ListCallOptions } from './executions'
import { toListPage } from './listPage'
import { buildListBody, type ListParams } from './listRequest'
import type { Attempt, AttemptList } from './schemas'
import { apiRequest } from './transport'

export type AttemptListParams = Omit<ListParams, 'metadata'>

export async function listAttempts(
  executionId: string,
  params: AttemptListParams,
  options: ListCallOptions = {},
): Promise<AttemptList> {
  const envelope = await apiRequest({
    method: 'GET',
    path: `${executionPath(executionId)}/attempts`,
    body: buildListBody(params, options.spell),
    read: readListEnvelope,
    signal: options.signal,
  })
  return toListPage<Attempt>(envelope)
}
