import { openEmbeddedStore } from './embedded.ts'
import { migrate } from './migrations.ts'
import type { Store } from './store.ts'
import type { StoreWorker } from './storeWorker.ts'

/** DATABASE_URL: a PostgreSQL shared by replicas; else the embedded store in `dataDir`. Migrated before use. */
export async function openStore(options: {
  databaseUrl: string | null
  dataDir: string
  storeTemplates?: readonly string[]
  /** Gives up waiting for the embedded directory's handoff (see openEmbeddedStore). */
  signal?: AbortSignal
  /** The embedded store's thread, started earlier (startStoreWorker); unused with a PostgreSQL (its starter ends it). */
  worker?: StoreWorker
}): Promise<Store> {
  // The PostgreSQL driver loads only for a deployment that names one: a start on the embedded store does without it.
  const store = options.databaseUrl
    ? await (await import('./postgres.ts')).openPostgresStore(options.databaseUrl)
    : await openEmbeddedStore(options.dataDir, {
        templates: options.storeTemplates,
        signal: options.signal,
        worker: options.worker,
      })
  try {
    await migrate(store)
    return store
  } catch (error) {
    await store.close()
    throw error
  }
}
