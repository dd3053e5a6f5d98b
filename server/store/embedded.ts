import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { holdDataDirectory, type HandoffOptions } from './dataDirectory.ts'
import { SCHEMA_VERSION } from './migrations.ts'
import type { HeldLock, Row, Statement, Store } from './store.ts'
import { startStoreWorker, type StoreWorker } from './storeWorker.ts'

/**
 * PGlite runs PostgreSQL single-user: no autovacuum, no checkpointer. Without this, updated rows and the WAL
 * grow without end (300 MB of WAL after 600,000 upserts); with it, a table settles and the WAL stays near 96 MB.
 */
const MAINTAIN_EVERY_MS = 2 * 60_000
/**
 * Applied at every open, in effect from the next start (the build's template has them from the first). PGlite
 * touches all of its shared buffers: 16 MB rather than PostgreSQL's 128 leaves its files to the OS's page cache and
 * the store at rest about 130 MB over no index rather than 240 (decision 34).
 */
const EMBEDDED_CONF = { max_wal_size: '96MB', min_wal_size: '32MB', shared_buffers: '16MB' }
const alterSystem = ([name, value]: [string, string]) => `alter system set ${name} = '${value}'`
export const EMBEDDED_SETTINGS = Object.entries(EMBEDDED_CONF).map(alterSystem)

/**
 * The settings the directory's `postgresql.auto.conf` (which ALTER SYSTEM writes) does not hold yet: each statement
 * took 5–40 ms of a warm start, most of it loading catalogs, for a file that already said the same.
 */
function settingsToApply(pgliteDir: string): string[] {
  let lines: string[] = []
  try {
    lines = readFileSync(path.join(pgliteDir, 'postgresql.auto.conf'), 'utf8').split('\n')
  } catch {
    // None yet: apply them all.
  }
  return Object.entries(EMBEDDED_CONF)
    .filter(([name, value]) => !lines.includes(`${name} = '${value}'`))
    .map(alterSystem)
}
const HELD: HeldLock = { release: () => Promise.resolve(), held: () => true }

interface Pending {
  resolve: (rows: Row[]) => void
  reject: (error: Error) => void
}

/**
 * Written last into an initialised, empty database (scripts/pglite-template.mjs), holding the schema version it was
 * made with: a template without it was cut short.
 */
export const TEMPLATE_READY = 'dashboard-template-ready'

/**
 * A new data directory starts as a copy of a template rather than by initdb: 5 s and 800 MB of RSS against about a
 * second. The first of `templates` that is whole and no newer than this code's migrations (one made by a later
 * checkout would be refused once copied, and the copy would stay); null when none is, or the directory exists.
 */
function templateFor(pgliteDir: string, templates: readonly string[]): string | null {
  if (existsSync(pgliteDir)) return null
  const usable = (template: string) => {
    const marker = path.join(template, TEMPLATE_READY)
    if (!existsSync(marker)) return false
    const version = Number(readFileSync(marker, 'utf8').trim() || 0)
    return Number.isInteger(version) && version <= SCHEMA_VERSION
  }
  return templates.find(usable) ?? null
}

const BUILT_TEMPLATE = () => fileURLToPath(new URL('./pglite-template/', import.meta.url))

/**
 * Asks the worker to open `pgliteDir`; it copies the template itself (39 MB): copied here, it held /healthz back by
 * a quarter of a second.
 */
function openIn(worker: StoreWorker, pgliteDir: string, template: string | null): Promise<Worker> {
  const { thread, ended } = worker
  thread.postMessage({ dataDir: pgliteDir, template, skip: TEMPLATE_READY })
  const opened = new Promise<Worker>((resolve, reject) => {
    thread.once('message', (message: { ready?: boolean; failed?: string }) =>
      message.ready ? resolve(thread) : reject(new Error(message.failed)),
    )
  })
  return Promise.race([opened, ended.then((error) => Promise.reject(error))]).catch(
    async (error: unknown) => {
      await thread.terminate()
      throw new Error(
        `The embedded database could not start: ${error instanceof Error ? error.message : String(error)}`,
      )
    },
  )
}

export interface EmbeddedOptions extends HandoffOptions {
  templates?: readonly string[] | undefined
  /** A thread started earlier (startStoreWorker), to open the directory in; ended if the opening fails first. */
  worker?: StoreWorker | undefined
}

/**
 * PGlite over `dataDir` in a worker thread. Start-up fails with the reason if the directory cannot be used; it
 * waits (up to `handoffMs`, or until `signal` aborts) while another store of this process still has it open.
 */
export async function openEmbeddedStore(dataDir: string, options: EmbeddedOptions = {}): Promise<Store> {
  const directory = path.resolve(dataDir)
  const releaseDirectory = await holdDataDirectory(directory, options).catch(async (error: unknown) => {
    await options.worker?.thread.terminate()
    throw error
  })
  const pgliteDir = path.join(directory, 'pglite')
  let worker: Worker
  try {
    const template = templateFor(pgliteDir, options.templates ?? [BUILT_TEMPLATE()])
    worker = await openIn(options.worker ?? startStoreWorker({ ahead: false }), pgliteDir, template).catch(
      (error: unknown) => {
        if (template === null) throw error
        // A template another PGlite wrote (node_modules changed after the build): initdb as before.
        rmSync(pgliteDir, { recursive: true, force: true })
        return openIn(startStoreWorker({ ahead: false }), pgliteDir, null)
      },
    )
  } catch (error) {
    releaseDirectory()
    throw error
  }
  const pending = new Map<number, Pending>()
  const listeners = new Map<string, Set<(payload: string) => void>>()
  let nextId = 1
  let closed = false
  worker.on('message', (message: { id: number; rows?: Row[]; error?: string }) => {
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (message.error !== undefined) waiting?.reject(new Error(message.error))
    else waiting?.resolve(message.rows ?? [])
  })
  worker.on('error', (error) => {
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  })
  let writes = 0
  const send = (message: Record<string, unknown>): Promise<Row[]> => {
    if (closed) return Promise.reject(new Error('The embedded database is closed.'))
    writes += 1
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...message, id })
    })
  }
  // Takes effect from the next start; checkpoints below keep the WAL bounded meanwhile.
  for (const sql of settingsToApply(pgliteDir)) await send({ kind: 'query', sql, params: [] })
  const maintenance = setInterval(() => {
    if (writes === 0 || closed) return
    void send({ kind: 'query', sql: 'vacuum', params: [] })
      .then(() => send({ kind: 'query', sql: 'checkpoint', params: [] }))
      .then(() => (writes = 0))
      .catch(() => {})
  }, MAINTAIN_EVERY_MS)
  maintenance.unref()
  return {
    kind: 'embedded',
    where: directory,
    query: <T = Row>(sql: string, params: unknown[] = []) =>
      send({ kind: 'query', sql, params }) as Promise<T[]>,
    transaction: async (statements: readonly Statement[]) => {
      await send({ kind: 'transaction', statements })
    },
    // One process owns the directory: notifications stay in it, and every lock is this process's.
    notify: (channel, payload) => {
      for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload))
      return Promise.resolve()
    },
    listen: (channel, onPayload) => {
      const set = listeners.get(channel) ?? new Set()
      set.add(onPayload)
      listeners.set(channel, set)
      return Promise.resolve(() => {
        set.delete(onPayload)
        return Promise.resolve()
      })
    },
    tryLock: () => Promise.resolve(HELD),
    close: async () => {
      if (closed) return
      clearInterval(maintenance)
      await send({ kind: 'close' }).catch(() => [])
      closed = true
      await worker.terminate()
      releaseDirectory()
    },
  }
}
