import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuditTrail } from '../audit/trail.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import { openPostgresStore } from '../store/postgres.ts'
import type { Store } from '../store/store.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { postgresMissing, startPostgres, type RunningPostgres } from '../testing/postgresServer.ts'
import { createAckBook } from './ackBook.ts'

const missing = postgresMissing()
if (missing && process.env.CI)
  throw new Error(`acknowledgement tests cannot run against PostgreSQL: ${missing}`)

let postgres: RunningPostgres | null = null
const stores: Store[] = []
beforeAll(async () => {
  if (!missing) postgres = await startPostgres()
}, 60_000)
afterAll(async () => {
  for (const store of stores) await store.close()
  await postgres?.stop()
})

const UPSTREAM = 'https://api.example/v2'
const who = (user: string) => ({ user, via: 'proxy header', requestId: `req-${user}` })
const targets = Array.from({ length: 120 }, (_, index) => ({
  id: `exec-${index}`,
  failedAt: '2026-11-24T08:00:00Z',
}))
const bookOn = (store: Store) => createAckBook(store, createAuditTrail(store, { retentionDays: 90 }))
const records = async (store: Store, outcome: string) =>
  (
    await store.query<{ n: number }>(`select count(*)::int as n from audit_records where outcome = $1`, [
      outcome,
    ])
  )[0]?.n

describe('the acknowledgement book', () => {
  it('acknowledges and undoes with one audit record per failure (embedded store)', async () => {
    const store = await openEmbeddedStore(await embeddedDataDir())
    stores.push(store)
    await migrate(store)
    const book = bookOn(store)
    const { run, count } = await book.acknowledge(UPSTREAM, targets, who('olga'), 'INC-1')
    expect(count).toBe(120)
    expect((await book.active(UPSTREAM)).get('exec-7')).toEqual([
      expect.objectContaining({ run, user: 'olga', note: 'INC-1', failedAt: '2026-11-24T08:00:00Z' }),
    ])
    expect(await book.undo(UPSTREAM, run, who('piet'))).toBe(120)
    expect(await book.undo(UPSTREAM, run, who('piet'))).toBe(0)
    expect((await book.active(UPSTREAM)).size).toBe(0)
    expect([await records(store, 'acknowledged'), await records(store, 'unacknowledged')]).toEqual([120, 120])
    const [undone] = await store.query<{ user_name: string; bulk_run: string; request_body: string }>(
      `select user_name, bulk_run, request_body from audit_records where outcome = 'unacknowledged' limit 1`,
    )
    expect(undone).toEqual({ user_name: 'piet', bulk_run: run, request_body: JSON.stringify({ undo: run }) })
    await book.close()
  })

  it('prunes acknowledgements with their audit records, after the same number of days', async () => {
    const store = await openEmbeddedStore(await embeddedDataDir())
    stores.push(store)
    await migrate(store)
    let now = Date.parse('2026-01-01T00:00:00Z')
    const clock = { now: () => now, retentionDays: 90 }
    const trail = createAuditTrail(store, clock)
    const book = createAckBook(store, trail, clock)
    await book.acknowledge(UPSTREAM, targets.slice(0, 3), who('olga'), 'old')
    now += 60 * 86_400_000
    await book.acknowledge(UPSTREAM, targets.slice(3, 5), who('olga'), 'newer')
    expect(await book.prune()).toBe(0)
    now += 31 * 86_400_000
    const generation = book.generation()
    expect([await book.prune(), await trail.prune()]).toEqual([3, 3])
    expect(book.generation()).toBeGreaterThan(generation)
    expect([...(await book.active(UPSTREAM)).keys()]).toEqual(['exec-3', 'exec-4'])
    await book.close()
  })

  it.skipIf(missing !== null)('records an undo sent to two replicas at once once (PostgreSQL)', async () => {
    const url = await (postgres as RunningPostgres).newDatabase()
    const [a, b] = [await openPostgresStore(url), await openPostgresStore(url)] as [Store, Store]
    stores.push(a, b)
    await migrate(a)
    const [bookA, bookB] = [bookOn(a), bookOn(b)]
    for (let round = 0; round < 5; round += 1) {
      const { run } = await bookA.acknowledge(UPSTREAM, targets, who('olga'), `INC-${round}`)
      const counts = await Promise.all([
        bookA.undo(UPSTREAM, run, who('piet')),
        bookB.undo(UPSTREAM, run, who('rui')),
      ])
      expect(counts[0] + counts[1]).toBe(120)
    }
    expect([await records(a, 'acknowledged'), await records(a, 'unacknowledged')]).toEqual([600, 600])
    await bookA.close()
    await bookB.close()
  })
})
