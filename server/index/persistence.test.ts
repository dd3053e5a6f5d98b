import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import { openPostgresStore } from '../store/postgres.ts'
import type { Store } from '../store/store.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { startTestIndex } from '../testing/indexTestKit.ts'
import { createPartition } from './partition.ts'
import {
  flushPartition,
  partitionKey,
  startMark,
  syncPartition,
  updatePlannerStatistics,
} from './persistence.ts'
import { asApiRow, readApiRow } from './rows.ts'
import type { OverviewAnswer } from '../../shared/overview.ts'
import { postgresMissing, startPostgres, type RunningPostgres } from '../testing/postgresServer.ts'
import { withRowsHeld } from '../testing/heldRows.ts'

const missing = postgresMissing()
if (missing && process.env.CI)
  throw new Error(`index persistence tests cannot run against PostgreSQL: ${missing}`)

let api: RunningDemoApi
let demo: DemoClient
let postgres: RunningPostgres | null = null

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 800 }))
  if (!missing) postgres = await startPostgres()
}, 60_000)
afterAll(async () => {
  await api.close()
  await postgres?.stop()
})

const listCalls = async () =>
  (await demo.control<{ requests: { list_executions: number } }>('GET', '/stats')).json.requests
    .list_executions

async function migrated(store: Store) {
  await migrate(store)
  return store
}

describe('the index in the embedded store', () => {
  it('answers at once after a restart, from what it wrote, and never keeps the token', async () => {
    const dir = await embeddedDataDir()
    const first = await migrated(await openEmbeddedStore(dir))
    const before = await startTestIndex({ url: api.url, token: api.token, store: first })
    const exact = await before.until('exact')
    await before.close()
    const tokens = await first.query<{ n: number }>(
      `select count(*)::int as n from (select metadata::text as t from index_executions union all select credential from index_partitions
        union all select value from dashboard_meta union all select spellings::text from upstream_facts) as x where t like $1`,
      [`%${api.token}%`],
    )
    expect(tokens[0]?.n).toBe(0)
    await first.close()

    const store = await migrated(await openEmbeddedStore(dir))
    // The rows are read back when the test says: until then a family's summary is all there is.
    const { store: holding, readRows } = withRowsHeld(store)
    await demo.control('POST', '/stats/reset')
    const after = await startTestIndex({
      url: api.url,
      token: api.token,
      store: holding,
      settings: { refreshMs: 60_000 },
    })
    // Asked before the rows are read back: over any time from the summaries, a window from the rows read so far.
    // A window that holds every dated execution, so its counts are not all zero.
    const sinceEver = { kind: 'absolute', from: 1, to: null, field: 'created' } as const
    const everything = { states: [], metadata: [] }
    const watched: OverviewAnswer[] = []
    const watching = after.index.watch(after.credentials, everything, (answer) => watched.push(answer))
    const watchedWindow: OverviewAnswer[] = []
    const watchingWindow = after.index.watch(
      after.credentials,
      everything,
      (answer) => watchedWindow.push(answer),
      { window: sinceEver },
    )
    const [restarted, failed, windowed] = await Promise.all([
      after.overview(),
      after.overview({ states: ['failed', 'FAILED'] }),
      after.index.overview(after.credentials, everything, { window: sinceEver }),
    ])
    expect(restarted.coverage).toMatchObject({ kind: 'exact', executions: 800 })
    expect(restarted.counts).toEqual(exact.counts)
    expect(restarted.notes.readBack?.writtenAt).toBeGreaterThan(0)
    expect(windowed.coverage).toMatchObject({ kind: 'counting', executions: 0, estimate: 800 })
    expect(windowed.total).toBe(0)
    expect(windowed.notes.readBack).toEqual(restarted.notes.readBack)
    // A live stream of a family the store had is let in without waiting for the rows (it hears the above).
    await after.index.admit(after.credentials, everything)
    readRows()
    await after.index.version(after.credentials)
    const { generatedAt: _one, notes: _two, ...readBack } = failed
    const {
      generatedAt: _three,
      notes: rowsNotes,
      ...fromRows
    } = await after.overview({
      states: ['failed', 'FAILED'],
    })
    expect(failed.notes.readBack).toBeDefined()
    expect(rowsNotes.readBack).toBeUndefined()
    expect(readBack).toEqual(fromRows)
    // A watcher hears the summary at once, then the index's own counts once the rows are in (unchanged here).
    const unwatch = await watching
    expect(watched[0]?.notes.readBack).toBeDefined()
    await expect.poll(() => watched.length, { timeout: 10_000 }).toBe(2)
    expect(watched[1]?.notes.readBack).toBeUndefined()
    expect(watched[1]?.counts).toEqual(watched[0]?.counts)
    unwatch()
    // A window's watcher hears the rows read so far (none here), then the index's own counts.
    const unwatchWindow = await watchingWindow
    expect(watchedWindow[0]?.coverage.kind).toBe('counting')
    expect(watchedWindow[0]?.total).toBe(0)
    await expect.poll(() => watchedWindow.at(-1)?.coverage.kind, { timeout: 10_000 }).toBe('exact')
    const { generatedAt: _five, ...ownWindow } = await after.index.overview(after.credentials, everything, {
      window: sinceEver,
    })
    const { generatedAt: _six, ...heardWindow } = watchedWindow.at(-1) as OverviewAnswer
    expect(ownWindow.total).toBeGreaterThan(0)
    expect(heardWindow).toEqual(ownWindow)
    expect(ownWindow.notes.readBack).toBeUndefined()
    unwatchWindow()
    // What it already knew cost no new scan.
    expect(await listCalls()).toBeLessThanOrEqual(2)
    await after.close()
    await store.close()
  }, 60_000)
})

/** A time in each spelling the index meets: the ISO form, others it keeps the text of, none. */
function sentTime(n: number): string | number | undefined {
  const day = `2026-11-0${1 + (n % 9)}`
  return [
    `${day}T00:00:00.000Z`,
    `${day}T00:00:00Z`,
    `${day}T02:00:00+02:00`,
    'not a time',
    1_764_000_000_000 + n,
    `${day}T00:00:00.123456Z`,
    undefined,
  ][n % 7]
}

/** Writes 25 executions (some odd) and reads them back 10 to a statement: every row and membership, in full. */
async function readsBackWhole(store: Store) {
  const written = createPartition('p')
  const family = written.family([{ key: 'env', values: ['prod'] }])
  for (let n = 0; n < 25; n += 1) {
    const row = readApiRow(
      {
        id: `exec-${n}`,
        state: n % 2 ? 'FAILED' : 'started',
        created_at: sentTime(n),
        updated_at: sentTime(n + 3),
        metadata: n === 4 ? {} : { env: 'prod', note: `tab\tquote"é ${n}` },
      },
      1_000 + n,
      written.intern,
    )
    if (!row) throw new Error('a test row was not read')
    written.upsert(row)
    written.addMember(family, row)
  }
  const stored = await partitionKey(store, 'p', 'upstream', 'credential')
  await flushPartition(store, written, stored)
  await updatePlannerStatistics(store)
  const read = createPartition('p')
  // The execution without metadata is no member of the env=prod family: 25 rows, 24 memberships.
  expect(family.members.size).toBe(24)
  expect(await syncPartition(store, read, stored, startMark(), 10)).toBe(49)
  expect([...read.rows.values()]).toEqual([...written.rows.values()])
  const readFamily = read.families.get(family.key)
  expect([...(readFamily?.members.keys() ?? [])].sort()).toEqual([...family.members.keys()].sort())
  // Each time as the API sent it, stored whole; in memory, its text only when it is not the ISO form of its instant.
  const sent = (n: number) => {
    const time = sentTime(n)
    return time === undefined ? null : String(time)
  }
  expect(read.rows.get('exec-0')?.createdText).toBeNull()
  expect([...read.rows.values()].map(asApiRow).map((row) => [row.created_at, row.updated_at])).toEqual(
    Array.from({ length: 25 }, (_, n) => [sent(n), sent(n + 3)]),
  )
  const texts = await store.query<{ id: string; created_raw: string | null }>(
    `select id, created_raw from index_executions where partition_id = $1`,
    [stored.key],
  )
  expect(Object.fromEntries(texts.map((row) => [row.id, row.created_raw]))).toEqual(
    Object.fromEntries(Array.from({ length: 25 }, (_, n) => [`exec-${n}`, sent(n)])),
  )
}

/** `count` executions written to the store as one flush. */
async function writeRows(store: Store, from: number, count: number) {
  const partition = createPartition('stats')
  for (let n = from; n < from + count; n += 1) {
    const row = readApiRow(
      { id: `exec-${n}`, state: 'failed', created_at: new Date(1_764_000_000_000 + n).toISOString() },
      1,
      partition.intern,
    )
    if (row) partition.upsert(row)
  }
  await flushPartition(store, partition, await partitionKey(store, 'stats', 'upstream', 'credential'))
}

describe('the planner’s statistics', () => {
  it('are made when missing or outgrown, and not again on every start', async () => {
    const store = await migrated(await openEmbeddedStore(await embeddedDataDir()))
    await writeRows(store, 0, 2_000)
    expect(await updatePlannerStatistics(store)).toBe(true)
    expect(await updatePlannerStatistics(store)).toBe(false)
    // Grown a little: the planner scales what it knows by the table's size now.
    await writeRows(store, 2_000, 500)
    expect(await updatePlannerStatistics(store)).toBe(false)
    // More than doubled: the statistics no longer describe it.
    await writeRows(store, 2_500, 4_000)
    expect(await updatePlannerStatistics(store)).toBe(true)
    await store.close()
  })
})

describe('reading a partition back', () => {
  it('from the embedded store, a page at a time', async () => {
    const store = await migrated(await openEmbeddedStore(await embeddedDataDir()))
    await readsBackWhole(store)
    await store.close()
  })

  it('in pages small enough to die young: 2,000 rows at most (a million at 20,000 peaked 0.3 GB higher)', async () => {
    const store = await migrated(await openEmbeddedStore(await embeddedDataDir()))
    await writeRows(store, 0, 4_500)
    const read = createPartition('stats')
    const pages: number[] = []
    const load = read.load.bind(read)
    read.load = (loaded) => {
      pages.push(loaded.rows?.length ?? 0)
      load(loaded)
    }
    const stored = await partitionKey(store, 'stats', 'upstream', 'credential')
    expect(await syncPartition(store, read, stored, startMark())).toBe(4_500)
    expect(pages).toEqual([2_000, 2_000, 500])
    expect(read.rows.size).toBe(4_500)
    await store.close()
  })

  it.skipIf(missing !== null)('from PostgreSQL, a page at a time', async () => {
    const store = await migrated(await openPostgresStore(await (postgres as RunningPostgres).newDatabase()))
    await readsBackWhole(store)
    await store.close()
  })
})

describe.skipIf(missing !== null)('the index in a shared PostgreSQL', () => {
  it('is scanned by one replica; the other reads it, and takes over when the first goes', async () => {
    const url = await (postgres as RunningPostgres).newDatabase()
    const stores = [
      await migrated(await openPostgresStore(url)),
      await migrated(await openPostgresStore(url)),
    ]
    const [leader, follower] = [
      await startTestIndex({ url: api.url, token: api.token, store: stores[0] }),
      await startTestIndex({ url: api.url, token: api.token, store: stores[1] }),
    ]
    const exact = await leader.until('exact')
    expect(exact.scanner).toBe('this replica')
    await expect
      .poll(
        async () => {
          const read = await follower.overview()
          return read.coverage.kind === 'exact' ? { scanner: read.scanner, total: read.total } : null
        },
        { timeout: 20_000 },
      )
      .toEqual({ scanner: 'another replica', total: 800 })

    await leader.close()
    await stores[0]?.close()
    await expect
      .poll(async () => (await follower.overview()).scanner, { timeout: 20_000 })
      .toBe('this replica')
    for (let tick = 0; tick < 6; tick += 1) await demo.control('POST', '/simulation/tick')
    const total = (await demo.allExecutions()).length
    await expect.poll(async () => (await follower.overview()).total, { timeout: 20_000 }).toBe(total)
    await follower.close()
    await stores[1]?.close()
    await demo.control('POST', '/reset')
  }, 90_000)
})
