import { readListEnvelope } from '../../shared/listAnswer'
import type { ListCallOptions } from './executions'
import { toListPage } from './listPage'
import { buildListBody, type ListParams } from './listRequest'
import type { Attempt, AttemptList } from './schemas'
import { callRoute } from './route'

export type AttemptListParams = Omit<ListParams, 'metadata'>

export async function listAttempts(
  executionId: string,
  params: AttemptListParams,
  options: ListCallOptions = {},
): Promise<AttemptList> {
  const envelope = await callRoute('listAttempts', {
    id: executionId,
    body: buildListBody(params),
    read: readListEnvelope,
    signal: options.signal,
  })
  return toListPage<Attempt>(envelope)
}
