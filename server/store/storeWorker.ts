import { Worker } from 'node:worker_threads'

/** The embedded store's thread, and how it ended if it did before it was asked to open (PGlite missing). */
export interface StoreWorker {
  thread: Worker
  ended: Promise<Error>
}

/**
 * Starts the embedded store's thread, which waits to be asked to open a directory (openEmbeddedStore). Started
 * `ahead` of knowing it, the thread loads PGlite and compiles its WebAssembly meanwhile (embeddedWorker.mjs): the
 * dev server starts one as soon as Vite calls it, so the server's code and PGlite load side by side. Whoever starts
 * it hands it to openEmbeddedStore or terminates it.
 */
export function startStoreWorker({ ahead }: { ahead: boolean }): StoreWorker {
  const thread = new Worker(new URL('./embeddedWorker.mjs', import.meta.url), { workerData: { ahead } })
  const ended = new Promise<Error>((resolve) => {
    thread.once('error', resolve)
    thread.once('exit', (code) => resolve(new Error(`its thread ended (exit code ${code})`)))
  })
  return { thread, ended }
}
