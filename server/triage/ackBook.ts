import { randomUUID } from 'node:crypto'
import type { AuditEntry, AuditTrail } from '../audit/trail.ts'
import type { Statement, Store } from '../store/store.ts'

/** One acknowledgement of one failure: it covers the execution while it stays the failure it was (`failedAt`). */
export interface AckMark {
  run: string
  failedAt: string
  user: string
  at: number
  note: string
}

export interface Acknowledger {
  user: string
  via: string
  requestId: string
}

/** A failure as the index knows it: what an acknowledgement is bound to. */
export interface AckTarget {
  id: string
  /** `updated_at` as the API spelled it, '' when it sent none: a later failure is not covered. */
  failedAt: string
}

interface AckRow {
  execution_id: string
  failed_at: string
  run: string
  user_name: string
  at: number
  note: string
}

/** Answers are shared for this long (every open board polls); a write here clears them at once. */
const CACHE_MS = 2_000
const ACK_CHANNEL = 'dashboard_triage'

/**
 * Acknowledged failures, for every user of an upstream, in the store. An acknowledgement and its audit records are
 * written in one transaction: none is ever kept unrecorded. Undo marks them undone (who, when). An acknowledgement
 * lasts as long as the audit trail keeps its record (`retentionDays`): then both are pruned.
 */
export function createAckBook(
  store: Store,
  trail: AuditTrail,
  options: { now?: () => number; retentionDays?: number } = {},
) {
  const now = options.now ?? Date.now
  const cache = new Map<string, { at: number; value: Promise<unknown> }>()
  // Bumps whenever acknowledgements change here or on another replica: answers computed before are stale.
  let generation = 0
  const changed = () => {
    cache.clear()
    generation += 1
  }
  const unlisten = store.listen(ACK_CHANNEL, changed)

  function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = cache.get(key)
    if (hit && now() - hit.at < CACHE_MS) return hit.value as Promise<T>
    const value = read()
    cache.set(key, { at: now(), value })
    value.catch(() => cache.delete(key))
    return value
  }

  const entries = (
    upstream: string,
    who: Acknowledger,
    run: string,
    ids: string[],
    body: string,
    runView: string | null,
  ) =>
    ids.map((executionId): AuditEntry => ({
      user: who.user,
      via: who.via,
      upstream,
      executionId,
      requestBody: body,
      bulkRun: run,
      requestId: who.requestId,
      runView,
    }))

  async function commit(statements: Statement[]) {
    await store.transaction(statements)
    changed()
    // Other replicas drop their copies too (an embedded store has only this one).
    await store.notify(ACK_CHANNEL, 'changed').catch(() => {})
  }

  return {
    generation: () => generation,
    /** Acknowledgements in force, per execution id. */
    active(upstream: string): Promise<Map<string, AckMark[]>> {
      return cached(`active ${upstream}`, async () => {
        const rows = await store.query<AckRow>(
          `select execution_id, failed_at, run, user_name, at, note from triage_acks where upstream = $1 and undone_at is null`,
          [upstream],
        )
        const marks = new Map<string, AckMark[]>()
        for (const row of rows) {
          const mark = {
            run: row.run,
            failedAt: row.failed_at,
            user: row.user_name,
            at: Number(row.at),
            note: row.note,
          }
          marks.set(row.execution_id, [...(marks.get(row.execution_id) ?? []), mark])
        }
        return marks
      })
    },
    /** When each execution was last rescheduled through the dashboard (the audit trail), since `since`. */
    reschedules(upstream: string, since: number): Promise<Map<string, number>> {
      const day = Math.floor(since / 86_400_000) * 86_400_000
      return cached(`rescheduled ${upstream} ${day}`, async () => {
        const rows = await store.query<{ execution_id: string; at: number }>(
          `select execution_id, max(at) as at from audit_records where upstream = $1 and outcome = 'rescheduled' and at >= $2 group by execution_id`,
          [upstream, day],
        )
        return new Map(rows.map((row) => [row.execution_id, Number(row.at)]))
      })
    },
    /**
     * Acknowledges these failures with a note; returns the run that undoes them together. `runView`: the board's view
     * and group, which the run's link in the audit trail opens (shared/runView.ts).
     */
    async acknowledge(
      upstream: string,
      targets: readonly AckTarget[],
      who: Acknowledger,
      note: string,
      runView: string | null = null,
    ) {
      const run = randomUUID()
      const at = now()
      const statements: Statement[] = []
      for (let start = 0; start < targets.length; start += 500) {
        const params: unknown[] = []
        const values = targets.slice(start, start + 500).map((target) => {
          const first = params.length
          params.push(upstream, target.id, target.failedAt, run, note, who.user, at)
          return `(${[1, 2, 3, 4, 5, 6, 7].map((n) => `$${first + n}`).join(', ')})`
        })
        statements.push({
          sql: `insert into triage_acks (upstream, execution_id, failed_at, run, note, user_name, at) values ${values.join(', ')}`,
          params,
        })
      }
      const ids = targets.map((target) => target.id)
      const body = JSON.stringify({ acknowledge: run, note })
      statements.push(
        ...trail.statements(entries(upstream, who, run, ids, body, runView), 'acknowledged', note),
      )
      await commit(statements)
      return { run, count: targets.length, at }
    },
    /**
     * Takes back every acknowledgement of a run still in force, and records each, in one statement: an undo sent
     * twice, or to two replicas at once, records each failure once. Returns how many it took back.
     */
    async undo(upstream: string, run: string, who: Acknowledger): Promise<number> {
      const { sql, params } = trail.recordEach(
        {
          sql: `update triage_acks set undone_at = $3, undone_by = $4 where upstream = $1 and run = $2 and undone_at is null returning execution_id`,
          params: [upstream, run, now(), who.user],
        },
        { ...who, upstream, requestBody: JSON.stringify({ undo: run }), bulkRun: run },
        'unacknowledged',
        null,
      )
      const rows = await store.query<{ execution_id: string }>(sql, params)
      if (rows.length > 0) {
        changed()
        await store.notify(ACK_CHANNEL, 'changed').catch(() => {})
      }
      return rows.length
    },
    /** Drops acknowledgements older than the audit trail keeps their records; returns how many. */
    async prune(): Promise<number> {
      if (options.retentionDays === undefined) return 0
      const rows = await store.query<{ run: string }>(`delete from triage_acks where at < $1 returning run`, [
        now() - options.retentionDays * 86_400_000,
      ])
      if (rows.length > 0) changed()
      return rows.length
    },
    async close() {
      await (
        await unlisten
      )()
    },
  }
}

export type AckBook = ReturnType<typeof createAckBook>
