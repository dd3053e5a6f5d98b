// npm run bench:audit [-- --records 100000 --runs 100]: the audit trail's filtered queries (GET /api/audit's) on
// the embedded store with that many records: p50 / p95 per filter, a page of 50 newest first, as the dialog asks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createAuditTrail, type AuditQuery } from '../server/audit/trail.ts'
import { openEmbeddedStore } from '../server/store/embedded.ts'
import { migrate } from '../server/store/migrations.ts'

const { values } = parseArgs({
  options: { records: { type: 'string', default: '100000' }, runs: { type: 'string', default: '100' } },
})
const records = Number(values.records)
const runs = Number(values.runs)
const DAY = 86_400_000
const now = Date.now()

const dir = mkdtempSync(path.join(tmpdir(), 'bench-audit-'))
const store = await openEmbeddedStore(dir)
await migrate(store)
const seeding = performance.now()
// 20 users, 5,000 executions, outcomes spread, one record in ten part of one of 50 bulk runs, over 90 days.
await store.query(
  `insert into audit_records (id, at, user_name, via, upstream, execution_id, request_body, bulk_run, request_id,
     outcome, status, result_state, detail, completed_at)
   select 'r' || n, $1 - (n::double precision * $2 / $3), 'user-' || (n % 20), 'proxy header', 'https://api/v2',
     'exec-' || lpad((n % 5000)::text, 6, '0'), '{"schedule_for":true}',
     case when n % 10 = 0 then 'bulk-' || lpad((n % 50)::text, 4, '0') || '-0000-0000' else null end,
     'req-' || n, (array['rescheduled','rescheduled','rescheduled','refused_by_api','unknown','pending','not_permitted'])[1 + n % 7],
     200, 'created', null, $1 - (n::double precision * $2 / $3)
   from generate_series(1, $3) as n`,
  [now, 90 * DAY, records],
)
const seedSeconds = (performance.now() - seeding) / 1000
const trail = createAuditTrail(store, { retentionDays: 90 })

const QUERIES: [string, Omit<AuditQuery, 'first'>][] = [
  ['newest, no filter', {}],
  ['by user', { user: 'user-7' }],
  ['by execution', { execution: 'exec-001234' }],
  ['by outcome (unknown)', { outcome: 'unknown' }],
  ['by bulk run (start of its id)', { bulkRun: 'bulk-0010' }],
  ['one day, 30 days ago', { from: now - 31 * DAY, to: now - 30 * DAY }],
  ['user and outcome', { user: 'user-3', outcome: 'refused_by_api' }],
  // The worst case: nothing matches, so every record is looked at.
  ['a bulk run that matches nothing', { bulkRun: 'no-such-run' }],
  ['a user with no records', { user: 'nobody' }],
]
const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))] ?? Number.NaN

console.log(
  `\nThe audit trail on the embedded store: ${records.toLocaleString('en-US')} records (seeded in ${seedSeconds.toFixed(1)} s), pages of 50, ${runs} runs each\n`,
)
console.log('query | p50 | p95 | rows on the page')
console.log('----- | --- | --- | ----------------')
for (const [name, filters] of QUERIES) {
  const times: number[] = []
  let rows = 0
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    const page = await trail.list({ ...filters, first: 50 })
    times.push(performance.now() - started)
    rows = page.records.length
  }
  console.log(
    `${name} | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms | ${rows}`,
  )
}
await store.close()
rmSync(dir, { recursive: true, force: true })
