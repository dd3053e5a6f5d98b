import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { EMBEDDED_SETTINGS, TEMPLATE_READY } from './embedded.ts'
import { migrate, SCHEMA_VERSION } from './migrations.ts'
import { runStatement } from './pgliteStatements.mjs'

/**
 * An initialised embedded database in `target` (replaced if there), with the settings the store applies at every
 * open, which a new data directory copies instead of running initdb (5 s and 800 MB of RSS; the copy about half a
 * second). With `tables`, the dashboard's tables too (the build's and `npm install`'s templates: made at a first
 * start they cost that process 40 MB of RSS the WebAssembly heap never gives back); without, the tests' (they
 * migrate it themselves). The marker, written last, holds the schema version it was made with (0 without tables):
 * one without it was cut short, and the store takes none newer than its code (embedded.ts).
 */
export async function makeTemplate(target: string, { tables }: { tables: boolean }): Promise<void> {
  rmSync(target, { recursive: true, force: true })
  mkdirSync(path.dirname(target), { recursive: true })
  const db = new PGlite(target)
  try {
    await db.waitReady
    for (const setting of EMBEDDED_SETTINGS) await db.exec(setting)
    // The migrations, run as the store's worker runs them.
    if (tables)
      await migrate({
        where: 'the template',
        query: <T>(sql: string, params?: unknown[]) => runStatement(db, sql, params) as Promise<T[]>,
        transaction: (steps) =>
          db.transaction(async (tx) => {
            for (const step of steps) await runStatement(tx, step.sql, step.params)
          }),
      })
    await db.exec('checkpoint')
  } finally {
    await db.close()
  }
  writeFileSync(path.join(target, TEMPLATE_READY), `${tables ? SCHEMA_VERSION : 0}\n`)
}
