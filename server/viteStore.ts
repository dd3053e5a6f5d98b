import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_STORE_TEMPLATE } from '../scripts/cachePaths.mjs'
import { readSettings } from './app/settings/schema.ts'
import { openStore } from './store/open.ts'
import type { Store } from './store/store.ts'
import type { StoreWorker } from './store/storeWorker.ts'

/**
 * The embedded store's template `npm install` made (scripts/dev-store-template.mjs), then the last build's: a new
 * data directory copies the first usable one (about a second) instead of running initdb (5 s). One that predates a
 * migration is used, and the store applies the migration as it opens.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const STORE_TEMPLATES = [DEV_STORE_TEMPLATE, 'dist-server/pglite-template'].map((relative) =>
  path.join(root, relative),
)

/**
 * The store of `vite` and `vite preview` (null when the index is off), opened from the settings alone: the plugin
 * loads this small bundle first, so the store's half second of WebAssembly and worker start runs while the rest of
 * the server's code is still being imported. It opens in `worker`, the thread the plugin started as Vite called it
 * (the plugin ends it when no store opens in it). Whoever opens the store closes it.
 */
export function openViteStore(
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  worker: StoreWorker,
): Promise<Store | null> {
  const values = readSettings(env)
  if (!values.index.enabled) return Promise.resolve(null)
  return openStore({
    databaseUrl: values.DATABASE_URL ?? null,
    dataDir: values.DASHBOARD_DATA_DIR,
    storeTemplates: STORE_TEMPLATES,
    signal,
    worker,
  })
}
