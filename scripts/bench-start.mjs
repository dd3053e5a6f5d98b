// npm run bench:start [-- --runs 5 --base <dir>]: how fast the production server starts, in front of a frozen demo
// API. Per case, from the spawn: the first /healthz answer (listening), the first /readyz 200 (the store open and the
// API answering), and the process's RSS after 5 s with nobody asking. Cases: a fresh data directory, the same
// directory again (warm), and DASHBOARD_INDEX=0 (no index, no store). With --base (a directory holding another
// build's dist-server/ and node_modules), the same cases for that build, run by run in alternation. Medians of --runs.
// `npm run build` first. With --dev, `npm run dev` (Vite) instead, a warm store: its first answer (listening), the
// page, and the first API answer (/api/session 200); --base then names another checkout with its node_modules.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { baseBuild, freePort, loadAverage, median, requireBuild, rssMb, startDemo } from './benchSupport.mjs'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, base: { type: 'string' }, dev: { type: 'boolean' } },
})
if (!values.dev) requireBuild()
const base = values.dev ? devCheckout(values.base) : baseBuild(values.base, 'dist-server/')
const loadBefore = loadAverage()
const token = 'bench-token'
const api = await startDemo(token)
const wait = (ms) => new Promise((done) => setTimeout(done, ms))

function devCheckout(dir) {
  if (dir && !existsSync(join(dir, 'vite.config.ts'))) throw new Error('--base must be another checkout')
  return dir ? resolve(dir) : null
}

/** Polls `url` every 5 ms until `ok(status)`; the ms since `since`. */
async function until(url, ok, since) {
  for (;;) {
    const status = await fetch(url).then(
      (answer) => answer.arrayBuffer().then(() => answer.status),
      () => 0,
    )
    if (ok(status)) return performance.now() - since
    if (performance.now() - since > 120_000) throw new Error(`${url} never answered as hoped`)
    await wait(5)
  }
}

/** One start of the build in `cwd`: ms to /healthz and to ready, and RSS (MB) 5 s later. */
async function startOnce(cwd, env) {
  const port = await freePort()
  const started = performance.now()
  const command = values.dev
    ? ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort']
    : ['dist-server/production.js']
  const child = spawn('node', command, {
    cwd,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      EXEC_API_URL: api.url,
      EXEC_API_TOKEN: token,
      LOG_LEVEL: 'silent',
      ...env,
    },
  })
  const origin = `http://127.0.0.1:${port}`
  if (values.dev) {
    const listening = await until(`${origin}/favicon.svg`, (status) => status > 0, started)
    const page = await until(`${origin}/`, (status) => status === 200, started)
    const api = await until(`${origin}/api/session`, (status) => status === 200, started)
    const exited = new Promise((done) => child.once('exit', done))
    child.kill()
    await exited
    return { health: listening, page, ready: api, rss: 0 }
  }
  const health = await until(`${origin}/healthz`, (status) => status > 0, started)
  // An old build without /readyz answers 404 there: its /healthz is all it has.
  const ready = await until(`${origin}/readyz`, (status) => status === 200 || status === 404, started)
  await wait(5_000)
  const rss = rssMb(child.pid)
  const exited = new Promise((done) => child.once('exit', done))
  child.kill()
  await exited
  return { health, ready, rss }
}

const builds = [['this build', process.cwd()], ...(base ? [['base', base]] : [])]
const cases = values.dev ? ['fresh store', 'warm store'] : ['fresh store', 'warm store', 'no index']
const results = new Map()
const record = (key, figure) => results.set(key, [...(results.get(key) ?? []), figure])
for (let run = 0; run < Number(values.runs); run += 1) {
  const order = run % 2 === 0 ? builds : [...builds].reverse()
  for (const [name, cwd] of order) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'))
    record(`${name}|fresh store`, await startOnce(cwd, { DASHBOARD_DATA_DIR: dataDir }))
    record(`${name}|warm store`, await startOnce(cwd, { DASHBOARD_DATA_DIR: dataDir }))
    if (!values.dev)
      record(`${name}|no index`, await startOnce(cwd, { DASHBOARD_INDEX: '0', DASHBOARD_DATA_DIR: dataDir }))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
api.child.kill()

const what = values.dev ? '`npm run dev` (Vite)' : 'Production server'
console.log(`\n${what} start, frozen demo API, medians of ${values.runs} runs (from the spawn)\n`)
console.log(
  values.dev
    ? 'build | case | listening | page (/ 200) | first API answer (/api/session 200)\n----- | ---- | --------- | ------------ | ------------------------------------'
    : 'build | case | /healthz | ready (/readyz 200) | RSS 5 s later\n----- | ---- | -------- | ------------------- | -------------',
)
for (const [name] of builds)
  for (const kind of cases) {
    const figures = results.get(`${name}|${kind}`) ?? []
    const of = (field) => median(figures.map((figure) => figure[field])).toFixed(0)
    console.log(
      values.dev
        ? `${name} | ${kind} | ${of('health')} ms | ${of('page')} ms | ${of('ready')} ms`
        : `${name} | ${kind} | ${of('health')} ms | ${of('ready')} ms | ${of('rss')} MB`,
    )
  }
console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`)
