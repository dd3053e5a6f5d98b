import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Held while a process has the directory open; gone once its store has closed. */
export const LOCK_FILE = 'dashboard.lock'

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One process at a time may open a data directory (PGlite is not a server): a lock file with our pid. A lock
 * left by a process that died is taken over; one held by a live process stops start-up with the reason.
 */
function takeDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const holder = Number(readFileSync(file, 'utf8'))
    if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
      throw new Error(
        `The data directory ${dataDir} is in use by process ${holder} (another dashboard). Stop it, or set DASHBOARD_DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL shared by both).`,
      )
    }
    writeFileSync(file, String(process.pid))
  }
  return () => rmSync(file, { force: true })
}

/**
 * The data directories this process's stores hold, and a promise settled when each is let go. Kept on the process
 * rather than in this module: each restart of `npm run dev` loads the server's code as a new module instance, and
 * Vite makes the new server before it closes the old one, so two instances of this module open the same directory.
 */
const HOLDERS: unique symbol = Symbol.for('execution-dashboard.embedded-directories')
type Holders = Map<string, Promise<void>>

/** How long a store waits for another store of this process to let its directory go. */
const HANDOFF_WAIT_MS = 30_000

/**
 * Waits until no other store of this process holds `directory` (two PGlite over one directory would corrupt it;
 * the lock file cannot tell them apart, having one pid), then holds it; returns the letting go.
 */
async function holdInProcess(directory: string, waitMs: number, signal?: AbortSignal): Promise<() => void> {
  const scope = globalThis as { [HOLDERS]?: Holders }
  const holders = (scope[HOLDERS] ??= new Map<string, Promise<void>>())
  signal?.throwIfAborted()
  const deadline = Date.now() + waitMs
  for (let held = holders.get(directory); held; held = holders.get(directory)) {
    let timer: NodeJS.Timeout | undefined
    let onAbort = () => {}
    const ended = new Promise<'expired' | 'aborted'>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), 'expired')
      onAbort = () => resolve('aborted')
      signal?.addEventListener('abort', onAbort, { once: true })
    })
    const outcome = await Promise.race([held, ended])
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    signal?.throwIfAborted()
    if (outcome === 'expired')
      throw new Error(
        `The data directory ${directory} is still open in this process (another dashboard server in it). Close that one first, or set DASHBOARD_DATA_DIR to another directory.`,
      )
  }
  let letGo = () => {}
  const mine = new Promise<void>((resolve) => (letGo = resolve))
  holders.set(directory, mine)
  return () => {
    if (holders.get(directory) === mine) holders.delete(directory)
    letGo()
  }
}

export interface HandoffOptions {
  /** How long to wait for another store of this process to let the directory go. */
  handoffMs?: number | undefined
  /** Ends the wait at once (its server closed meanwhile): the opening fails with the signal's reason. */
  signal?: AbortSignal | undefined
}

/**
 * Holds an embedded store's data directory for this process: first from this process's other stores (waiting up to
 * `handoffMs` for one to let it go), then from other processes (the lock file). Returns the letting go of both.
 */
export async function holdDataDirectory(
  directory: string,
  { handoffMs = HANDOFF_WAIT_MS, signal }: HandoffOptions = {},
): Promise<() => void> {
  const letGo = await holdInProcess(directory, handoffMs, signal)
  try {
    const releaseLock = takeDirectory(directory)
    return () => {
      releaseLock()
      letGo()
    }
  } catch (error) {
    letGo()
    throw error
  }
}
