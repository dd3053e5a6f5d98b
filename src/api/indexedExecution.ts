import { queryOptions } from '@tanstack/react-query'
import { readCoverage, type Coverage } from '../../shared/coverage'
import { describeProblem, readStateResource } from '../../shared/listAnswer'
import { executionKeys } from './queryKeys'
import type { Execution } from './schemas'
import { callRoute } from './route'
import { isRecord, notRead, type ReadResult } from '../../shared/readResult'

/**
 * What the dashboard's index knows of one id (the API has no lookup by id): the execution as the index last saw
 * it, a row it keeps but cannot show (a timestamp without a zone), or nothing, with the coverage to judge that by.
 */
export type IndexLookup =
  | { kind: 'found'; execution: Execution; seenAt: number }
  | { kind: 'unreadable'; state: string; seenAt: number; problems: string }
  | { kind: 'not-seen'; coverage: Coverage | null }

export function readIndexLookup(payload: unknown): ReadResult<IndexLookup> {
  const seenAt = isRecord(payload) ? payload['seen_at'] : undefined
  if (!isRecord(payload) || payload['source'] !== 'index' || !('data' in payload))
    return notRead('expected the index’s answer for one id')
  const data = payload['data']
  if (data === null)
    return { ok: true, value: { kind: 'not-seen', coverage: readCoverage(payload['coverage']) } }
  if (typeof seenAt !== 'number')
    return { ok: false, problems: [{ path: 'seen_at', message: 'expected when the index saw it' }] }
  const row = readStateResource(data)
  if (row.ok) return { ok: true, value: { kind: 'found', execution: row.value, seenAt } }
  const state = isRecord(data) && typeof data['state'] === 'string' ? data['state'] : '(unreadable)'
  return {
    ok: true,
    value: { kind: 'unreadable', state, seenAt, problems: row.problems.map(describeProblem).join('; ') },
  }
}

/** GET /api/index/execution?id=…: one id as the server's index knows it; 503 index_unavailable when it runs without. */
export function indexedExecutionQuery(id: string) {
  return queryOptions({
    queryKey: [...executionKeys.all, 'indexed', id] as const,
    queryFn: ({ signal }) => callRoute('indexExecution', { query: { id }, read: readIndexLookup, signal }),
    staleTime: 10_000,
    // An index turned off, or an id it refuses, will say the same again.
    retry: false,
  })
}
