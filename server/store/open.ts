import { openEmbeddedStore } from './embedded.ts'
import { migrate } from './migrations.ts'
import type { Store } from './store.ts'

/** DATABASE_URL: a PostgreSQL shared by replicas; else the embedded store in `dataDir`. Migrated before use. */
export async function openStore(options: {
  databaseUrl: string | null
  dataDir: string
  storeTemplates?: readonly string[]
  /** Gives up waiting for the embedded directory's handoff (see openEmbeddedStore). */
  signal?: AbortSignal
}): Promise<Store> {
  // The PostgreSQL driver loads only for a deployment that names one: a start on the embedded store does without it.
  const store = options.databaseUrl
    ? await (await import('./postgres.ts')).openPostgresStore(options.databaseUrl)
    : await openEmbeddedStore(options.dataDir, { templates: options.storeTemplates, signal: options.signal })
  try {
    await migrate(store)
    return store
  } catch (error) {
    await store.close()
    throw error
  }
}
