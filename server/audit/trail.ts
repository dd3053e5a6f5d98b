import { randomUUID } from 'node:crypto'
import type { Statement, Store } from '../store/store.ts'
import {
  ACK_OUTCOMES,
  AUDIT_OUTCOMES,
  type AuditKind,
  type AuditOutcome,
  type AuditRecord,
} from '../../shared/auditRecord.ts'

export { ACK_OUTCOMES, AUDIT_OUTCOMES, type AuditKind, type AuditOutcome, type AuditRecord }

/** What a record is written with; the trail adds the rest. */
export type AuditEntry = Pick<
  AuditRecord,
  'user' | 'via' | 'upstream' | 'executionId' | 'requestBody' | 'bulkRun' | 'requestId' | 'runView'
>

export interface AuditQuery {
  user?: string
  execution?: string
  outcome?: AuditOutcome
  bulkRun?: string
  kind?: AuditKind
  from?: number
  to?: number
  first: number
  after?: string | null
}

const MAX_BODY = 4_096
const DAY_MS = 86_400_000

interface RecordRow {
  id: string
  at: number
  user_name: string
  via: string
  upstream: string
  execution_id: string
  request_body: string
  bulk_run: string | null
  request_id: string
  outcome: AuditOutcome
  status: number | null
  result_state: string | null
  detail: string | null
  completed_at: number | null
  run_view: string | null
}

const toRecord = (row: RecordRow): AuditRecord => ({
  id: row.id,
  at: Number(row.at),
  user: row.user_name,
  via: row.via,
  upstream: row.upstream,
  executionId: row.execution_id,
  requestBody: row.request_body,
  bulkRun: row.bulk_run,
  requestId: row.request_id,
  outcome: row.outcome,
  status: row.status === null ? null : Number(row.status),
  resultState: row.result_state,
  detail: row.detail,
  completedAt: row.completed_at === null ? null : Number(row.completed_at),
  runView: row.run_view,
})

const encodeCursor = (record: AuditRecord) =>
  Buffer.from(JSON.stringify([record.at, record.id])).toString('base64url')

/** A page's end_cursor as this trail wrote it, or null for any other text. */
export function decodeCursor(cursor: string): [number, string] | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(parsed) && typeof parsed[0] === 'number' && typeof parsed[1] === 'string')
      return [parsed[0], parsed[1]]
  } catch {
    // Not one of ours.
  }
  return null
}

/**
 * The audit trail in the store: a reschedule's intent is written (and committed) before its PATCH leaves, its
 * outcome after, so a crash in between leaves a `pending` record, never a missing one. A refusal by role is
 * recorded too. Records older than `retentionDays` are pruned.
 */
export function createAuditTrail(
  store: Store,
  /** `upstream`: with several APIs, this trail lists only that one's records (each API's dashboard has its own). */
  options: { retentionDays: number; now?: () => number; upstream?: string },
) {
  const now = options.now ?? Date.now
  const columns =
    'id, at, user_name, via, upstream, execution_id, request_body, bulk_run, request_id, outcome, status, result_state, detail, completed_at, run_view'
  const insert = (entry: AuditEntry, outcome: AuditOutcome, detail: string | null) => {
    const id = randomUUID()
    const at = now()
    return store
      .query(
        `insert into audit_records (${columns}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, null, null, $11, $12, $13)`,
        [
          id,
          at,
          entry.user,
          entry.via,
          entry.upstream,
          entry.executionId,
          entry.requestBody.slice(0, MAX_BODY),
          entry.bulkRun,
          entry.requestId,
          outcome,
          detail,
          outcome === 'pending' ? null : at,
          entry.runView ?? null,
        ],
      )
      .then(() => id)
  }
  return {
    /** Writes the intent; resolves once it is committed (then, and only then, may the PATCH leave). */
    begin: (entry: AuditEntry) => insert(entry, 'pending', null),
    refused: (entry: AuditEntry, detail: string) => insert(entry, 'not_permitted', detail),
    /** Finished records (acknowledgements) as statements, for a transaction with what they record. */
    statements(entries: readonly AuditEntry[], outcome: AuditOutcome, detail: string | null): Statement[] {
      const at = now()
      const statements: Statement[] = []
      for (let start = 0; start < entries.length; start += 500) {
        const params: unknown[] = []
        const rows = entries.slice(start, start + 500).map((entry) => {
          const values: unknown[] = [randomUUID(), at, entry.user, entry.via, entry.upstream]
          values.push(entry.executionId, entry.requestBody.slice(0, MAX_BODY), entry.bulkRun)
          values.push(entry.requestId, outcome, detail, at, entry.runView ?? null)
          const first = params.length
          params.push(...values)
          return `(${values.map((_, index) => `$${first + index + 1}`).join(', ')})`
        })
        statements.push({
          sql: `insert into audit_records (id, at, user_name, via, upstream, execution_id, request_body, bulk_run, request_id, outcome, detail, completed_at, run_view) values ${rows.join(', ')}`,
          params,
        })
      }
      return statements
    },
    /**
     * One statement: `changed` (a data-changing query returning `execution_id`) and a finished record for each row
     * it changed. Two replicas running it at once record only the rows each really changed.
     */
    recordEach(
      changed: Statement,
      entry: Omit<AuditEntry, 'executionId'>,
      outcome: AuditOutcome,
      detail: string | null,
    ): Statement {
      const given = changed.params ?? []
      const base = given.length
      const p = (n: number) => `$${base + n}`
      return {
        sql: `with changed as (${changed.sql}) insert into audit_records (id, at, user_name, via, upstream, execution_id, request_body, bulk_run, request_id, outcome, detail, completed_at) select gen_random_uuid()::text, ${p(1)}::double precision, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, execution_id, ${p(5)}::text, ${p(6)}::text, ${p(7)}::text, ${p(8)}::text, ${p(9)}::text, ${p(1)}::double precision from changed returning execution_id`,
        params: [
          ...given,
          now(),
          entry.user,
          entry.via,
          entry.upstream,
          entry.requestBody.slice(0, MAX_BODY),
          entry.bulkRun,
          entry.requestId,
          outcome,
          detail,
        ],
      }
    },
    async complete(
      id: string,
      outcome: {
        outcome: AuditOutcome
        status: number | null
        resultState: string | null
        detail: string | null
      },
    ): Promise<void> {
      await store.query(
        `update audit_records set outcome = $2, status = $3, result_state = $4, detail = $5, completed_at = $6 where id = $1`,
        [id, outcome.outcome, outcome.status, outcome.resultState, outcome.detail, now()],
      )
    },
    /** Newest first, after `after`, with the filters given; `unknown` includes records left pending. */
    async list(
      query: AuditQuery,
    ): Promise<{ records: AuditRecord[]; hasNext: boolean; endCursor: string | null }> {
      const where: string[] = []
      const params: unknown[] = []
      const add = (clause: (n: string) => string, value: unknown) => {
        params.push(value)
        where.push(clause(`$${params.length}`))
      }
      if (options.upstream !== undefined) add((n) => `upstream = ${n}`, options.upstream)
      if (query.user) add((n) => `user_name = ${n}`, query.user)
      if (query.execution) add((n) => `execution_id = ${n}`, query.execution)
      // A bulk run by its id or the start of it (the dialog shows the first 8 characters).
      if (query.bulkRun) add((n) => `starts_with(bulk_run, ${n})`, query.bulkRun)
      if (query.kind === 'reschedule') where.push(`outcome not in ('acknowledged', 'unacknowledged')`)
      if (query.kind === 'acknowledge') where.push(`outcome in ('acknowledged', 'unacknowledged')`)
      if (query.outcome === 'unknown') where.push(`outcome in ('unknown', 'pending')`)
      else if (query.outcome) add((n) => `outcome = ${n}`, query.outcome)
      if (query.from !== undefined) add((n) => `at >= ${n}`, query.from)
      if (query.to !== undefined) add((n) => `at < ${n}`, query.to)
      const after = query.after ? decodeCursor(query.after) : null
      if (after) {
        params.push(after[0], after[1])
        where.push(`(at < $${params.length - 1} or (at = $${params.length - 1} and id < $${params.length}))`)
      }
      params.push(query.first + 1)
      const rows = await store.query<RecordRow>(
        `select ${columns} from audit_records ${where.length > 0 ? `where ${where.join(' and ')}` : ''} order by at desc, id desc limit $${params.length}`,
        params,
      )
      const records = rows.slice(0, query.first).map(toRecord)
      const last = records.at(-1)
      return { records, hasNext: rows.length > query.first, endCursor: last ? encodeCursor(last) : null }
    },
    /** Who started a bulk run (its first record's user), or null when the trail has none of it. */
    async ownerOfRun(run: string): Promise<string | null> {
      const rows = await store.query<{ user_name: string }>(
        `select user_name from audit_records where bulk_run = $1 order by at, id limit 1`,
        [run],
      )
      return rows[0]?.user_name ?? null
    },
    async prune(): Promise<number> {
      const rows = await store.query<{ id: string }>(`delete from audit_records where at < $1 returning id`, [
        now() - options.retentionDays * DAY_MS,
      ])
      return rows.length
    },
  }
}

export type AuditTrail = ReturnType<typeof createAuditTrail>
