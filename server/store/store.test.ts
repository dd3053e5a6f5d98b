import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { postgresMissing, startPostgres, type RunningPostgres } from '../testing/postgresServer.ts'
import { openEmbeddedStore, TEMPLATE_READY } from './embedded.ts'
import { migrate, MIGRATIONS, SCHEMA_VERSION } from './migrations.ts'
import { openPostgresStore } from './postgres.ts'
import type { Store } from './store.ts'
import { startStoreWorker } from './storeWorker.ts'

const missing = postgresMissing()
if (missing && process.env.CI) throw new Error(`store tests cannot run against PostgreSQL: ${missing}`)

let postgres: RunningPostgres | null = null
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-store-'))
  dirs.push(dir)
  return dir
}

beforeAll(async () => {
  if (!missing) postgres = await startPostgres()
}, 60_000)
afterAll(async () => {
  await postgres?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const kinds: [string, () => Promise<Store>][] = [
  ['embedded (PGlite)', async () => openEmbeddedStore(await embeddedDataDir())],
  ['PostgreSQL', async () => openPostgresStore(await (postgres as RunningPostgres).newDatabase())],
]

describe.each(kinds)('the %s store', (kind, open) => {
  const skip = kind === 'PostgreSQL' && missing !== null

  it.skipIf(skip)(
    'migrates a new database, again without effect, and refuses a newer one',
    async () => {
      const store = await open()
      try {
        expect(await migrate(store)).toBe(SCHEMA_VERSION)
        expect(await migrate(store)).toBe(SCHEMA_VERSION)
        const applied = await store.query<{ version: number }>(
          'select version from schema_migrations order by version',
        )
        expect(applied.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((m) => m.version))
        await store.query('insert into schema_migrations values (999, $1, 0)', ['from the future'])
        await expect(migrate(store)).rejects.toThrow(/newer version of the dashboard \(schema 999/)
      } finally {
        await store.close()
      }
    },
    60_000,
  )

  it.skipIf(skip)(
    'upgrades an older database and keeps its rows',
    async () => {
      const store = await open()
      try {
        const older = [...MIGRATIONS.slice(0, 1)]
        await migrate(store, older)
        await store.query(`insert into dashboard_meta values ('kept', 'yes')`)
        const later = {
          version: 2,
          description: 'a later change',
          sql: 'alter table dashboard_meta add column note text',
        }
        await migrate(store, [...older, later])
        expect(await store.query('select key, value, note from dashboard_meta')).toEqual([
          { key: 'kept', value: 'yes', note: null },
        ])
      } finally {
        await store.close()
      }
    },
    60_000,
  )

  it.skipIf(skip)(
    'runs a transaction as all or nothing, and notifies listeners',
    async () => {
      const store = await open()
      try {
        await migrate(store)
        await expect(
          store.transaction([
            { sql: `insert into dashboard_meta values ($1, $2)`, params: ['a', '1'] },
            { sql: `insert into dashboard_meta values ($1, $2)`, params: ['a', 'duplicate'] },
          ]),
        ).rejects.toThrow()
        expect(await store.query('select * from dashboard_meta')).toEqual([])
        const heard = new Promise<string>((resolve) => void store.listen('dashboard_test', resolve))
        await new Promise((resolve) => setTimeout(resolve, 0))
        await store.notify('dashboard_test', 'hello')
        expect(await heard).toBe('hello')
      } finally {
        await store.close()
      }
    },
    60_000,
  )
})

describe.skipIf(missing !== null)('PostgreSQL locks between replicas', () => {
  it('are held by one replica at a time and pass on when its connection ends', async () => {
    const url = await (postgres as RunningPostgres).newDatabase()
    const [first, second] = [await openPostgresStore(url), await openPostgresStore(url)]
    try {
      const lock = await first.tryLock('scan default')
      expect(lock?.held()).toBe(true)
      expect(await second.tryLock('scan default')).toBeNull()
      expect(await second.tryLock('scan other')).not.toBeNull()
      await first.close()
      await expect.poll(() => second.tryLock('scan default').then((held) => held !== null)).toBe(true)
    } finally {
      await second.close()
    }
  }, 60_000)
})

describe('the embedded store', () => {
  it('refuses a data directory another live process holds, naming the way out', async () => {
    const dir = tempDir()
    const { writeFileSync } = await import('node:fs')
    writeFileSync(path.join(dir, 'dashboard.lock'), String(process.ppid))
    await expect(openEmbeddedStore(dir)).rejects.toThrow(/in use by process .* DASHBOARD_DATA_DIR/)
  })

  it('takes over a lock left by a process that died, and keeps its data across a restart', async () => {
    const dir = await embeddedDataDir()
    dirs.push(dir)
    const { writeFileSync } = await import('node:fs')
    writeFileSync(path.join(dir, 'dashboard.lock'), '999999')
    const store = await openEmbeddedStore(dir)
    await migrate(store)
    await store.query(`insert into dashboard_meta values ('survives', 'a restart')`)
    await store.close()
    const again = await openEmbeddedStore(dir)
    expect(await again.query('select value from dashboard_meta')).toEqual([{ value: 'a restart' }])
    await again.close()
  }, 60_000)

  it('opens a directory another store of this process holds only once that one has closed', async () => {
    const dir = await embeddedDataDir()
    dirs.push(dir)
    const first = await openEmbeddedStore(dir)
    await migrate(first)
    // As a dev server's restart does: the new server's store opens before the old server has closed its own.
    let opened = false
    const second = openEmbeddedStore(dir).then((store) => {
      opened = true
      return store
    })
    await expect(openEmbeddedStore(dir, { handoffMs: 50 })).rejects.toThrow(
      /still open in this process .* DASHBOARD_DATA_DIR/,
    )
    expect(opened).toBe(false)
    await first.query(`insert into dashboard_meta values ('written', 'before the handoff')`)
    await first.close()
    const store = await second
    expect(await store.query(`select value from dashboard_meta where key = 'written'`)).toEqual([
      { value: 'before the handoff' },
    ])
    await store.close()
  }, 60_000)

  it('stops waiting for another store of this process when its opening is called off', async () => {
    const dir = await embeddedDataDir()
    dirs.push(dir)
    const first = await openEmbeddedStore(dir)
    const calledOff = new AbortController()
    // A wait far longer than the test's own timeout: only the signal can end it.
    const waiting = openEmbeddedStore(dir, { handoffMs: 600_000, signal: calledOff.signal })
    calledOff.abort(new Error('its server closed'))
    await expect(waiting).rejects.toThrow('its server closed')
    // The one that gave up holds nothing: the directory goes to the next store once the first lets it go.
    const next = openEmbeddedStore(dir)
    await first.close()
    await (await next).close()
  }, 60_000)

  it('opens in a thread started before the directory was known, and ends that thread when it is refused', async () => {
    const dir = await embeddedDataDir()
    dirs.push(dir)
    const store = await openEmbeddedStore(dir, { worker: startStoreWorker({ ahead: true }) })
    await migrate(store)
    expect(await store.query('select 1 as one')).toEqual([{ one: 1 }])
    // The directory is held: a second opening is refused, and the thread it was given does not outlive it.
    const refused = startStoreWorker({ ahead: true })
    await expect(openEmbeddedStore(dir, { worker: refused, handoffMs: 10 })).rejects.toThrow(/still open/)
    expect((await refused.ended).message).toMatch(/its thread ended/)
    await store.close()
  }, 60_000)

  it('writes its settings once: a warm start leaves postgresql.auto.conf as it found it', async () => {
    const dir = await embeddedDataDir()
    dirs.push(dir)
    const conf = path.join(dir, 'pglite', 'postgresql.auto.conf')
    await (await openEmbeddedStore(dir)).close()
    expect(readFileSync(conf, 'utf8')).toContain(`shared_buffers = '16MB'`)
    const written = statSync(conf).mtimeMs
    // ALTER SYSTEM rewrites the file whatever it held: an unchanged time means no statement was sent.
    await (await openEmbeddedStore(dir)).close()
    expect(statSync(conf).mtimeMs).toBe(written)
  }, 60_000)

  it('starts a new directory from the build’s template, and from initdb when the template cannot start', async () => {
    const built = tempDir()
    execFileSync('node', ['--import', 'tsx', 'scripts/pglite-template.mjs', built])
    const template = path.join(built, 'pglite-template')
    const dir = tempDir()
    const store = await openEmbeddedStore(dir, { templates: ['/no/such/template', template] })
    // The template holds the tables already: a first start makes none (they cost its process 40 MB of RSS).
    expect(await store.query('select max(version) as version from schema_migrations')).toEqual([
      { version: SCHEMA_VERSION },
    ])
    await migrate(store)
    expect(await store.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }])
    await store.close()
    expect(existsSync(path.join(dir, 'pglite', 'dashboard-template-ready'))).toBe(false)

    // A template from another PGlite: garbage where its files should be.
    writeFileSync(path.join(template, 'PG_VERSION'), '99\n')
    const other = tempDir()
    const fallback = await openEmbeddedStore(other, { templates: [template] })
    await migrate(fallback)
    expect(await fallback.query('select 1 as one')).toEqual([{ one: 1 }])
    await fallback.close()
    expect(readFileSync(path.join(other, 'pglite', 'PG_VERSION'), 'utf8')).not.toBe('99\n')
  }, 120_000)

  it('skips a template made by a later version, or cut short', async () => {
    const built = tempDir()
    execFileSync('node', ['--import', 'tsx', 'scripts/pglite-template.mjs', built])
    const template = path.join(built, 'pglite-template')
    const marker = path.join(template, TEMPLATE_READY)
    expect(readFileSync(marker, 'utf8')).toBe(`${SCHEMA_VERSION}\n`)
    // The database system identifier initdb drew: a copy keeps it.
    const systemId = (dir: string) =>
      readFileSync(path.join(dir, 'global/pg_control')).subarray(0, 8).toString('hex')
    const opened = async (templates: string[]) => {
      const dir = tempDir()
      const store = await openEmbeddedStore(dir, { templates })
      await migrate(store)
      await store.close()
      return systemId(path.join(dir, 'pglite'))
    }
    writeFileSync(marker, `${SCHEMA_VERSION + 1}\n`)
    expect(await opened([template])).not.toBe(systemId(template))
    rmSync(marker)
    expect(await opened([template])).not.toBe(systemId(template))
    writeFileSync(marker, `${SCHEMA_VERSION}\n`)
    expect(await opened([template])).toBe(systemId(template))
  }, 120_000)
})
