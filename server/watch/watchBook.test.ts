import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { postgresMissing, startPostgres, type RunningPostgres } from '../testing/postgresServer.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import { openPostgresStore } from '../store/postgres.ts'
import type { Store } from '../store/store.ts'
import { createWatchBook } from './watchBook.ts'

const missing = postgresMissing()
if (missing && process.env.CI) throw new Error(`watch book tests cannot run against PostgreSQL: ${missing}`)
let postgres: RunningPostgres | null = null
beforeAll(async () => {
  if (!missing) postgres = await startPostgres()
}, 60_000)
afterAll(async () => {
  await postgres?.stop()
})

const kinds: [string, () => Promise<Store>][] = [
  ['embedded (PGlite)', async () => openEmbeddedStore(await embeddedDataDir())],
  ['PostgreSQL', async () => openPostgresStore(await (postgres as RunningPostgres).newDatabase())],
]
const compose = (changes: string[]) => ({ title: changes.join(' / '), body: changes.join('\n') })
const seen = { at: 0, state: 'started' }

describe.each(kinds)('watches in the %s store', (kind, open) => {
  it.skipIf(kind === 'PostgreSQL' && missing !== null)(
    'records a change once between two replicas, sends one notice a minute and groups the rest',
    async () => {
      const store = await open()
      try {
        await migrate(store)
        let clock = 1_000_000
        const one = createWatchBook(store, { retentionDays: 1, now: () => clock })
        const two = createWatchBook(store, { retentionDays: 1, now: () => clock })
        const added = await one.add('api', 'alice', { kind: 'execution', executionId: 'e-1', label: 'e-1' })
        // The same execution twice is one watch; another user's list does not hold it.
        expect(
          (await one.add('api', 'alice', { kind: 'execution', executionId: 'e-1', label: 'e-1' })).id,
        ).toBe(added.id)
        expect(await one.list('api', 'bob')).toEqual([])
        // Both replicas read the watch, then both see the first state: one records it.
        const [a] = await one.list('api', 'alice')
        const [b] = await two.list('api', 'alice')
        if (!a || !b) throw new Error('no watch')
        const wins = await Promise.all([
          one.saw(a, seen, 'state:started', null),
          two.saw(b, seen, 'state:started', null),
        ])
        expect(wins.filter(Boolean)).toHaveLength(1)
        // A change waits for a notice; both replicas try to send it: one notice.
        const [c] = await one.list('api', 'alice')
        if (!c) throw new Error('no watch')
        expect(await one.saw(c, { ...seen, state: 'failed' }, 'state:failed', 'e-1: started → failed')).toBe(
          true,
        )
        const [d1] = await one.list('api', 'alice')
        const [d2] = await two.list('api', 'alice')
        if (!d1 || !d2) throw new Error('no watch')
        const notices = await Promise.all([
          one.takeNotice('api', d1, compose),
          two.takeNotice('api', d2, compose),
        ])
        expect(notices.filter((notice) => notice !== null).map((notice) => notice?.title)).toEqual([
          'e-1: started → failed',
        ])
        // Two more changes within the minute wait, and go out as one notice once it has passed.
        for (const [state, change] of [
          ['started', 'e-1: failed → started'],
          ['succeed', 'e-1: started → succeed'],
        ] as const) {
          const [kept] = await one.list('api', 'alice')
          if (!kept) throw new Error('no watch')
          expect(await one.saw(kept, { ...seen, state }, `state:${state}`, change)).toBe(true)
        }
        clock += 30_000
        const [early] = await one.list('api', 'alice')
        if (!early) throw new Error('no watch')
        expect(await one.takeNotice('api', early, compose)).toBeNull()
        clock += 31_000
        const grouped = await one.takeNotice('api', early, compose)
        expect(grouped?.changes).toBe(2)
        expect(grouped?.body).toBe('e-1: failed → started\ne-1: started → succeed')
        // Every replica's tabs hear both notices, in order; another user hears none.
        const heard = await two.noticesAfter('api', ['alice', 'bob'], 0)
        expect(heard.map((notice) => [notice.owner, notice.changes])).toEqual([
          ['alice', 1],
          ['alice', 2],
        ])
        expect(await two.noticesAfter('api', ['bob'], 0)).toEqual([])
        expect(await one.remove('api', 'bob', added.id)).toBe(false)
        expect(await one.remove('api', 'alice', added.id)).toBe(true)
      } finally {
        await store.close()
      }
    },
    60_000,
  )
})
