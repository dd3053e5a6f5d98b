// npm install's `prepare`: the embedded store's template for `npm run dev` and `vite preview`, which have no build
// of their own, so a new data directory starts as a copy (about a second) rather than by initdb (5 s and 800 MB of
// RSS). Never fails the install: without the template a new data directory runs initdb, as before. `prepare` imports
// this file and ignores its absence (an image that installs before it copies the sources).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CACHE_DIR } from './cachePaths.mjs'

// An install without dev dependencies (a production image) has no tsx and no use for it.
if (!existsSync('node_modules/tsx') || !existsSync('node_modules/@electric-sql/pglite')) process.exit(0)
const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pglite-template.mjs', CACHE_DIR], {
  stdio: ['ignore', 'inherit', 'inherit'],
  timeout: 120_000,
})
if (made.status !== 0)
  console.warn(`The development store's template was not made: a new data directory will run initdb (5 s).`)
