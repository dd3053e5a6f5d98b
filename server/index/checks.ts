/*
 * Executions whose fate the index does not know, asked one by one through their attempts: those that finished
 * where no read saw how (outcome pending), and those a round did not find again (unconfirmed). A 404 says the
 * execution is no more: it is forgotten and never asked again. Any answer with attempts says it exists, and its
 * latest attempt, once final, how it ended.
 */
import { LIST_EXECUTIONS } from '../upstream/operations.ts'
import type { ApiRow } from '../upstream/listPage.ts'
import type { Family } from './family.ts'
import { plainRow } from './keptRows.ts'
import { readApiRow, type IndexedExecution } from './rows.ts'
import type { ScanContext } from './scanner.ts'

/** Attempts asked per family and refresh: the lane's share paces them further. */
export const CHECKS_PER_REFRESH = 5

export async function checkFates(ctx: ScanContext, family: Family): Promise<void> {
  const asked = new Set<string>()
  for (let n = 0; n < CHECKS_PER_REFRESH; n += 1) {
    const next = ctx.partition.nextToCheck(family)
    if (next === undefined || asked.has(next.id)) return
    asked.add(next.id)
    if (!(await checkAttempts(ctx, next.id, next.urgent, family.owner ?? ctx.partition.id))) return
  }
}

/** One execution's attempts; false when the API gave no usable answer (asked again later). */
async function checkAttempts(ctx: ScanContext, id: string, urgent: boolean, owner: string): Promise<boolean> {
  const authorization = ctx.authorization()
  if (authorization === null) return false
  ctx.partition.checked(id)
  const path = `/executions/${encodeURIComponent(id)}/attempts`
  const answer = await ctx.client.call({
    operation: { ...LIST_EXECUTIONS, operation: 'list_attempts', path, executionId: id },
    body: Buffer.from('{"page":{"first":100}}'),
    authorization,
    lane: urgent ? 'index' : 'verify',
    signal: ctx.signal,
    owner,
  })
  if (answer.status === 404) {
    ctx.partition.forget(id)
    return true
  }
  if (answer.status < 200 || answer.status > 299) return false
  const row = ctx.partition.rows.get(id)
  if (row) ctx.partition.upsert(settled(row, latestAttempt(ctx, answer.body), answer.sentAt))
  return true
}

function latestAttempt(ctx: ScanContext, body: Buffer): IndexedExecution | undefined {
  let data: unknown
  try {
    data = (JSON.parse(body.toString('utf8')) as { data?: unknown }).data
  } catch {
    return undefined
  }
  const attempts = Array.isArray(data) ? (data as ApiRow[]) : []
  return attempts
    .filter((attempt) => typeof attempt === 'object' && attempt !== null)
    .map((attempt) => readApiRow(attempt, ctx.now(), ctx.partition.intern))
    .filter((attempt) => attempt !== null)
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0]
}

/**
 * The execution as its attempts show it, seen now: it exists (so it is confirmed wherever it was unconfirmed),
 * and, when its latest attempt is final and its outcome was pending, it ended so.
 */
function settled(row: IndexedExecution, latest: IndexedExecution | undefined, now: number): IndexedExecution {
  const final = latest !== undefined && (latest.meaning === 'succeed' || latest.meaning === 'failed')
  if (!row.outcomePending || !final) return { ...plainRow(row), lastSeenAt: now }
  return {
    ...plainRow(row),
    state: latest.state,
    meaning: latest.meaning,
    updatedAt: latest.updatedAt,
    updatedText: latest.updatedText,
    outcomePending: false,
    lastSeenAt: now,
  }
}
