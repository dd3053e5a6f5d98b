import { readListEnvelope } from '../shared/listAnswer'
import { toListPage } from './listPage'
import { buildListBody, type ListParams, type Speller } from './listRequest'
import type { Execution, ExecutionList } from './schemas'
import { apiRequest } from './transport'

export interface ListCallOptions {
  signal?: AbortSignal
  /** The spelling of state filters (see stateSpeller); as given by default. */
  spell?: Speller
}

export async function listExecutions(
  params: ListParams,
  options: ListCallOptions = {},
): Promise<ExecutionList> {
  const envelope = await apiRequest({
    method: 'GET',
    path: '/executions',
    body: buildListBody(params, options.spell),
    read: readListEnvelope,
    signal: options.signal,
  })
  return toListPage<Execution>(envelope)
}
