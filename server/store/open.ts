import { openEmbeddedStore } from './embedded.ts'
import { migrate } from './migrations.ts'
import type { Store } from './store.ts'

/** DATABASE_URL: a PostgreSQL shared by replicas; else the embedded store in `dataDir`. Migrated before use. */
export async function openStore(options: {
  databaseUrl: string | null
  dataDir: string
  storeTemplates?: readonly string[]
}): Promise<Store> {
  // The PostgreSQL driver loads only for a deployment that names one: a start on the embedded store does without it.
  const store = options.databaseUrl
    ? await (await import('./postgres.ts')).openPostgresStore(options.databaseUrl)
    : await openEmbeddedStore(options.dataDir, { templates: options.storeTemplates })
  try {
    await migrate(store)
    return store
  } catch (error) {
    await store.close()
    throw error
  }
}
