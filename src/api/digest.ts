import type { DigestAnswer } from '../../shared/digest'
import { isWholeCount, readCoverage } from '../../shared/coverage'
import type { ListFilters } from '../../shared/filters'
import { callRoute } from './route'
import { anyAnswer } from './transport'
import { notRead, type ReadResult } from '../../shared/readResult'

export type { DigestAnswer } from '../../shared/digest'

const part = (value: unknown, list: string): boolean =>
  typeof value === 'object' &&
  value !== null &&
  isWholeCount((value as Record<string, unknown>)['count']) &&
  Array.isArray((value as Record<string, unknown>)[list])

/** The server's digest, checked part by part: a part that does not read makes the whole unusable, never a 0. */
export function readDigest(payload: unknown): ReadResult<DigestAnswer> {
  const record = (payload !== null && typeof payload === 'object' ? payload : {}) as Record<string, unknown>
  const lastSeenAt = record['lastSeenAt']
  const fine =
    (lastSeenAt === null || typeof lastSeenAt === 'number') &&
    typeof record['generatedAt'] === 'number' &&
    typeof record['awayMs'] === 'number' &&
    part(record['newFailures'], 'ids') &&
    part(record['rescheduledByOthers'], 'records') &&
    part(record['longRunning'], 'ids') &&
    readCoverage(record['coverage']) !== null
  return fine
    ? { ok: true, value: record as unknown as DigestAnswer }
    : notRead('expected the digest of a view')
}

/** GET /api/digest: what changed in the view since this user last looked (the server's index and trail). */
export function fetchDigest(filters: ListFilters, signal?: AbortSignal): Promise<DigestAnswer> {
  return callRoute('digest', { view: { filters }, read: readDigest, signal })
}

/** POST /api/digest/seen: this user is looking at the view now; `leaving` outlives the page. */
export async function markViewSeen(filters: ListFilters, leaving = false): Promise<void> {
  await callRoute('digestSeen', {
    view: { filters },
    body: {},
    read: anyAnswer,
    keepalive: leaving,
  })
}
