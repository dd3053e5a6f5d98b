// Shared by the bench:* scripts: free ports, child servers that are waited for, RSS and medians.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { BROWSER_PATH_FILE } from './cachePaths.mjs'

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** Starts a child process (in `cwd`) and polls `readyUrl` until it answers (at most 120 s: a demo of a million executions seeds first). */
export function start(command, args, env, readyUrl, cwd = process.cwd()) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', cwd })
  const ready = (async () => {
    for (let i = 0; i < 1200; i += 1) {
      const ok = await fetch(readyUrl).then(
        (r) => r.status < 500,
        () => false,
      )
      if (ok) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`${readyUrl} did not come up`)
  })()
  return { child, ready }
}

export const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : NaN
}

export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]

/** The demo API (frozen unless asked for its live simulation) on a free port, as a child process. */
export async function startDemo(token, extraArgs = [], { frozen = true } = {}) {
  const port = await freePort()
  const api = start(
    'node',
    [
      '--import',
      'tsx',
      'server/demo-api/main.ts',
      '--port',
      String(port),
      ...(frozen ? ['--frozen'] : []),
      ...extraArgs,
    ],
    { DEMO_API_TOKEN: token },
    `http://127.0.0.1:${port}/__demo/health`,
  )
  await api.ready
  return { ...api, port, url: `http://127.0.0.1:${port}/v2` }
}

/** The bench's data directories, in one directory removed as the bench exits (they had piled up in /tmp). */
let scratch = null
function dataDir() {
  if (!scratch) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-stores-'))
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
    scratch = dir
  }
  return mkdtempSync(join(scratch, 'store-'))
}

/** The built production server (`npm run build` first, in `cwd`) in front of `apiUrl`. */
export async function startProduction(apiUrl, token, env = {}, cwd = process.cwd()) {
  const port = await freePort()
  const server = start(
    'node',
    ['dist-server/production.js'],
    {
      PORT: String(port),
      EXEC_API_URL: apiUrl,
      EXEC_API_TOKEN: token,
      LOG_LEVEL: 'silent',
      // A store of its own, so two servers of one bench (or a bench and `npm start`) never share one.
      DASHBOARD_DATA_DIR: dataDir(),
      ...env,
    },
    // Ready, not only listening: the store is open and the API answers (the server listens before either).
    `http://127.0.0.1:${port}/readyz`,
    cwd,
  )
  await server.ready
  return { ...server, port, origin: `http://127.0.0.1:${port}` }
}

/** The scripts measure the production build: stop early, with the command to run, when it is missing. */
export function requireBuild() {
  if (!existsSync('dist-server/production.js')) throw new Error('run npm run build first')
}

/** Finds (or installs) Chromium the way the e2e tests do, and returns its path. */
export function chromiumPath() {
  if (spawnSync('node', ['scripts/ensure-browser.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1)
  return readFileSync(BROWSER_PATH_FILE, 'utf8').trim()
}

/**
 * Does `act` in the list's Display menu (auto-refresh, Every, Times, density, columns), then closes the menu. A build
 * from before the menu (a `--base` of 2026-11-23) has those controls on the page itself.
 */
export async function inDisplayMenu(page, act) {
  const toggle = page.getByRole('button', { name: 'Display…' })
  await toggle
    .or(page.getByRole('checkbox', { name: 'Auto-refresh' }))
    .first()
    .waitFor()
  if ((await toggle.count()) === 0) return act(page)
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await act(page.getByRole('group', { name: 'Display' }))
  await toggle.click()
}

/** The 1, 5 and 15 minute load averages, as the benches print them beside their figures. */
export const loadAverage = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(', ')

/** A `--base` directory resolved, once checked to hold another build's server (null without one). */
export function baseBuild(dir, holds = 'dist/ and dist-server/') {
  const base = dir ? resolve(dir) : null
  if (base && !existsSync(join(base, 'dist-server/production.js')))
    throw new Error(`--base must be a directory with another build’s ${holds}`)
  return base
}
