// node --import tsx scripts/pglite-template.mjs <dir>: an initialised embedded database in <dir>/pglite-template,
// with the dashboard's tables and no data, which the embedded store copies into a fresh data directory instead of
// running initdb (5 s and 800 MB of RSS on the machine the README measures; the copy and a warm start about half a
// second). Its tables are made here too: made at the first start they cost that process about 40 MB of RSS the
// WebAssembly heap never gives back. Part of `npm run build:server`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { EMBEDDED_SETTINGS, TEMPLATE_READY } from '../server/store/embedded.ts'
import { migrate, SCHEMA_VERSION } from '../server/store/migrations.ts'
import { runStatement } from '../server/store/pgliteStatements.mjs'

const target = join(resolve(process.argv[2] ?? 'dist-server'), 'pglite-template')
rmSync(target, { recursive: true, force: true })
mkdirSync(dirname(target), { recursive: true })
const db = new PGlite(target)
await db.waitReady
// What the store sets at every open, so the first start already runs with it.
for (const setting of EMBEDDED_SETTINGS) await db.exec(setting)
// The migrations, run as the store's worker runs them.
await migrate({
  where: 'the build’s template',
  query: (sql, params) => runStatement(db, sql, params),
  transaction: (steps) =>
    db.transaction(async (tx) => {
      for (const step of steps) await runStatement(tx, step.sql, step.params)
    }),
})
await db.exec('checkpoint')
await db.close()
// Written last: a template without it (a build cut short) is never used; one newer than the code is not either.
writeFileSync(join(target, TEMPLATE_READY), `${SCHEMA_VERSION}\n`)
