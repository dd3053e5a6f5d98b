// The embedded database (PGlite: PostgreSQL compiled to WebAssembly) in its own thread, so its work never
// blocks the thread that answers browsers. Plain JavaScript: Node runs it as is in dev, tests and production.
import { cpSync, existsSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { runStatement as run } from './pgliteStatements.mjs'

async function handle(db, message) {
  if (message.kind === 'query') return run(db, message.sql, message.params)
  if (message.kind === 'transaction') {
    await db.transaction(async (tx) => {
      for (const statement of message.statements) await run(tx, statement.sql, statement.params)
    })
    return []
  }
  if (message.kind === 'close') {
    await db.close()
    return []
  }
  throw new Error(`unknown message ${String(message.kind)}`)
}

try {
  // A new directory from the build's template (server/store/embedded.ts), copied off the main thread.
  if (workerData.template && !existsSync(workerData.dataDir))
    cpSync(workerData.template, workerData.dataDir, {
      recursive: true,
      filter: (source) => !source.endsWith(workerData.skip),
    })
  const db = new PGlite(workerData.dataDir)
  await db.waitReady
  parentPort.on('message', (message) => {
    handle(db, message).then(
      (rows) => parentPort.postMessage({ id: message.id, rows }),
      (error) =>
        parentPort.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    )
  })
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) })
}
