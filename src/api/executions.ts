import { readListEnvelope } from '../../shared/listAnswer'
import { readCoverage } from '../../shared/coverage'
import { toListPage } from './listPage'
import { buildListBody, isFromIndex, type ListParams } from './listRequest'
import type { Execution, ExecutionList } from './schemas'
import { ANSWER_AGE_HEADER, askedAtOf } from '../../shared/answerAge'
import { callRoute, exchangeRoute } from './route'

export interface ListCallOptions {
  signal?: AbortSignal
  /** A person asked for it now (Refresh now): the server sends the API's answer, not one of a moment ago. */
  fresh?: boolean
}

export async function listExecutions(
  params: ListParams,
  options: ListCallOptions = {},
): Promise<ExecutionList> {
  if (isFromIndex(params)) return listFromIndex(params, options.signal)
  const answer = await exchangeRoute('listExecutions', {
    body: buildListBody(params),
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
  const envelope = await callRoute('indexList', {
    view: { filters, window: params.window ?? { kind: 'any', field: 'created' } },
    query: {
      size: params.first,
      sort: params.sort ?? (params.window?.field === 'updated' ? 'updated' : null),
      after: params.after,
      run: params.run,
    },
    read: readListEnvelope,
    signal,
  })
  const coverage = readCoverage(envelope['coverage'])
  // The run's part is read where it is shown (the list's run line, which loads with the list's controls).
  return { ...toListPage<Execution>(envelope), ...(coverage ? { coverage } : {}), run: envelope['run'] }
}
