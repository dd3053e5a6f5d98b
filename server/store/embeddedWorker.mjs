// The embedded database (PGlite: PostgreSQL compiled to WebAssembly) in its own thread, so its work never
// blocks the thread that answers browsers. Plain JavaScript: Node runs it as is in dev, tests and production.
import { cpSync, existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
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

/**
 * PGlite's WebAssembly, compiled before the directory is known (60 ms of its start), by a worker started ahead
 * (server/store/storeWorker.ts) while the server's code is still loading; one asked to open at once leaves it to
 * PGlite (it would only hold its compiled code the longer). Its file bundle is left to PGlite either way: given one,
 * it keeps it (7 MB for the life of the process). Left to PGlite if it fails.
 */
async function prepare() {
  try {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    return { pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))) }
  } catch {
    return {}
  }
}

async function open(options, prepared) {
  // A new directory from the build's template (server/store/embedded.ts), copied off the main thread.
  if (options.template && !existsSync(options.dataDir))
    cpSync(options.template, options.dataDir, {
      recursive: true,
      filter: (source) => !source.endsWith(options.skip),
    })
  const db = new PGlite(options.dataDir, await prepared)
  await db.waitReady
  return db
}

const prepared = workerData?.ahead ? prepare() : Promise.resolve({})
parentPort.once('message', (options) => {
  open(options, prepared).then(
    (db) => {
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
    },
    (error) => parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
  )
})
