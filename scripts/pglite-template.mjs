// node --import tsx scripts/pglite-template.mjs <dir>: the embedded store's template with the dashboard's tables in
// <dir>/pglite-template (server/store/template.ts), which a fresh data directory copies instead of running initdb.
// Part of `npm run build:server` (into dist-server/) and of `npm install` (scripts/dev-store-template.mjs).
import { join, resolve } from 'node:path'
import { makeTemplate } from '../server/store/template.ts'

await makeTemplate(join(resolve(process.argv[2] ?? 'dist-server'), 'pglite-template'), { tables: true })
