import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LOCK_FILE } from '../store/dataDirectory.ts'
import { TEMPLATE_READY } from '../store/embedded.ts'
import { makeTemplate } from '../store/template.ts'
import { CACHE_DIR } from '../../scripts/cachePaths.mjs'

const CACHE = path.resolve(CACHE_DIR)
const pgliteVersion = () =>
  (
    JSON.parse(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string
    }
  ).version
const templateDir = () => path.join(CACHE, `pglite-template-${pgliteVersion()}`)

/**
 * A fresh PGlite directory takes seconds to initialise; tests copy one initialised once per machine instead.
 * Several test processes may ask at once: the first to create the lock directory builds it, the others wait.
 */
async function ensureTemplate(): Promise<string> {
  const template = templateDir()
  const pglite = path.join(template, 'pglite')
  const ready = path.join(pglite, TEMPLATE_READY)
  if (existsSync(ready)) return template
  mkdirSync(CACHE, { recursive: true })
  const lock = `${template}.lock`
  let building = false
  try {
    mkdirSync(lock)
    building = true
  } catch {
    // Another process builds it.
  }
  if (building) {
    try {
      // Without the tables: tests migrate it themselves, some from nothing.
      await makeTemplate(pglite, { tables: false })
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
    return template
  }
  const deadline = Date.now() + 120_000
  while (!existsSync(ready)) {
    if (!existsSync(lock)) return ensureTemplate()
    if (Date.now() > deadline) throw new Error(`no PGlite template at ${template}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return template
}

/** A new temporary data directory holding an initialised, empty embedded database. */
export async function embeddedDataDir(): Promise<string> {
  const template = await ensureTemplate()
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-data-'))
  cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), {
    recursive: true,
    filter: (source) => !source.endsWith(TEMPLATE_READY),
  })
  return dir
}

/**
 * Removes a data directory once its store has let it go: a server process told to stop may still be closing its
 * store, and PGlite writes while it closes (removing the directory meanwhile failed with ENOTEMPTY).
 */
export async function removeDataDir(dir: string, timeoutMs = 30_000): Promise<void> {
  const lock = path.join(dir, LOCK_FILE)
  const deadline = Date.now() + timeoutMs
  while (existsSync(lock) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
}
