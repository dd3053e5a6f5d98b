import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { removeDataDir } from './testing/embeddedDataDir.ts'
import { DEV_SERVER_BUNDLES, DEV_STORE_TEMPLATE } from '../scripts/cachePaths.mjs'

const root = path.resolve(import.meta.dirname, '..')
let server: ViteDevServer
let base = ''
let dataDir = ''

/** Which API the dashboard mounted on the dev server relays to: each start of the demo API has a port of its own. */
async function mountedApi(): Promise<string> {
  const answer = await fetch(`${base}/api/session`)
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { api: string }).api
}

beforeAll(async () => {
  // A new directory, as on a first `npm run dev`.
  dataDir = mkdtempSync(path.join(tmpdir(), 'dashboard-dev-'))
  vi.stubEnv('EXEC_API_URL', '')
  vi.stubEnv('DASHBOARD_DATA_DIR', dataDir)
  server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  await server.listen()
  base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
})

afterAll(async () => {
  await server.close()
  vi.unstubAllEnvs()
  await removeDataDir(dataDir)
})

it('`npm run dev` listens before it loads the server: the config bundles only the plugin', () => {
  const bundled = server.config.configFileDependencies.map((file) => path.relative(root, file))
  expect(bundled).toContain('server/dashboardServerPlugin.ts')
  expect(
    bundled.filter((file) => file.startsWith('server/app/') || file.startsWith('server/routes/')),
  ).toEqual([])
})

it('starts a new data directory as a copy of the template `npm install` made, not by initdb', async () => {
  await mountedApi()
  const template = path.join(root, DEV_STORE_TEMPLATE)
  expect(existsSync(template), `${template}: npm install makes it (prepare)`).toBe(true)
  // The first bytes of pg_control: the database system identifier initdb drew, kept by every copy.
  const systemId = (dir: string) =>
    readFileSync(path.join(dir, 'global/pg_control')).subarray(0, 8).toString('hex')
  expect(systemId(path.join(dataDir, 'pglite'))).toBe(systemId(template))
})

it('mounts the dashboard once loaded, and a change to the server code or shared/ restarts it', async () => {
  // The first API request waits for the server's code and its store, then is answered.
  const first = await mountedApi()
  expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/)
  // Not a config dependency, so only the plugin's own watcher sees it.
  server.watcher.emit('change', path.join(root, 'server/index/observe.ts'))
  await expect.poll(mountedApi, { timeout: 30_000 }).not.toBe(first)
  // The server's bundle holds shared/ too.
  const second = await mountedApi()
  server.watcher.emit('change', path.join(root, 'shared/filters.ts'))
  await expect.poll(mountedApi, { timeout: 30_000 }).not.toBe(second)
})

it('keeps the server’s bundle for the next start while its inputs are as they were, and makes it again when not', async () => {
  const bundles = path.join(root, DEV_SERVER_BUNDLES)
  const bundle = path.join(bundles, 'dashboard.mjs')
  const restarted = async () => {
    const before = await mountedApi()
    // Not a config dependency, and not changed: a restart that finds the bundle current.
    server.watcher.emit('change', path.join(root, 'server/index/observe.ts'))
    await expect.poll(mountedApi, { timeout: 30_000 }).not.toBe(before)
  }
  await restarted()
  const made = statSync(bundle).mtimeMs
  await restarted()
  expect(statSync(bundle).mtimeMs).toBe(made)
  // As if an input had changed since: its recorded mtime is not the file's.
  const stamp = JSON.parse(readFileSync(`${bundles}.json`, 'utf8')) as {
    inputs: Record<string, [number, number]>
  }
  const input = path.join(root, 'server/index/observe.ts')
  expect(stamp.inputs[input]).toEqual([statSync(input).mtimeMs, statSync(input).size])
  stamp.inputs[input] = [0, 0]
  writeFileSync(`${bundles}.json`, JSON.stringify(stamp))
  await restarted()
  expect(statSync(bundle).mtimeMs).toBeGreaterThan(made)
})

it('closes its store before the Vite server’s close() resolves', async () => {
  await mountedApi()
  expect(existsSync(path.join(dataDir, 'dashboard.lock'))).toBe(true)
  await server.close()
  // The lock goes once the store has shut down: a process that exits now loses nothing of it.
  expect(existsSync(path.join(dataDir, 'dashboard.lock'))).toBe(false)
})

it('`npm run dev` closes its store on Ctrl-C before it exits', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-dev-'))
  const port = await new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
  const child = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, EXEC_API_URL: '', DASHBOARD_DATA_DIR: dir, LOG_LEVEL: 'silent' },
    },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/session`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 60_000,
        },
      )
      .toBe(200)
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(existsSync(path.join(dir, 'dashboard.lock'))).toBe(false)
  } finally {
    child.kill('SIGKILL')
    await removeDataDir(dir)
  }
}, 90_000)
