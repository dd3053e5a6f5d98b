import { readListEnvelope } from '../../shared/listAnswer'
import { readCoverage } from '../../shared/coverage'
import { RUN_PARAM } from '../../shared/filterCodec'
import { toListPage } from './listPage'
import { buildListBody, isFromIndex, type ListParams, type Speller } from './listRequest'
import { viewSearch } from './viewSearch'
import type { Execution, ExecutionList } from './schemas'
import { ANSWER_AGE_HEADER, askedAtOf } from '../../shared/answerAge'
import { apiExchange, apiRequest } from './transport'

export interface ListCallOptions {
  signal?: AbortSignal
  /** The spelling of state filters (see stateSpeller); as given by default. */
  spell?: Speller
  /** A person asked for it now (Refresh now): the server sends the API's answer, not one of a moment ago. */
  fresh?: boolean
}

export async function listExecutions(
  params: ListParams,
  options: ListCallOptions = {},
): Promise<ExecutionList> {
  if (isFromIndex(params)) return listFromIndex(params, options.signal)
  const answer = await apiExchange({
    method: 'GET',
    path: '/executions',
    body: buildListBody(params, options.spell),
    read: readListEnvelope,
    signal: options.signal,
    headers: options.fresh ? { 'Cache-Control': 'no-cache' } : undefined,
  })
  const askedAt = askedAtOf(answer.headers.get(ANSWER_AGE_HEADER), Date.now())
  return { ...toListPage<Execution>(answer.data), askedAt }
}

/** A list from the index: its matching rows in the order asked for, else newest created (or updated) first. */
async function listFromIndex(params: ListParams, signal?: AbortSignal): Promise<ExecutionList> {
  const filters = { states: params.states ?? [], metadata: params.metadata ?? [] }
  const query = viewSearch(filters, params.window ?? { kind: 'any', field: 'created' }, false)
  query.set('size', String(params.first))
  const sort = params.sort ?? (params.window?.field === 'updated' ? 'updated' : null)
  if (sort) query.set('sort', sort)
  if (params.after) query.set('after', params.after)
  if (params.run) query.set(RUN_PARAM, params.run)
  const envelope = await apiRequest({
    method: 'GET',
    path: `/index/executions?${query.toString()}`,
    read: readListEnvelope,
    signal,
  })
  const coverage = readCoverage(envelope['coverage'])
  // The run's part is read where it is shown (the list's run line, which loads with the list's controls).
  return { ...toListPage<Execution>(envelope), ...(coverage ? { coverage } : {}), run: envelope['run'] }
}
