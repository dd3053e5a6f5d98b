// npm run bench:proxy [-- --duration 3 --runs 5 --soak 20] [-- --base <dir>] [-- --busy 1]: list calls straight to the demo API and
// through the production server, alternating run by run, at 1, 10 and 50 connections; latencies in microseconds,
// p50 and p99 of each column with its ratio to direct (medians of the runs', and of every run's calls together),
// and the machine's load average around the run.
//   direct: to the demo API, every body distinct;
//   proxy:  through the server with reuse off and every body distinct, so nothing is shared (its own cost);
//   shared: through the server as it runs, every tab asking the same page (single flight and 1 s reuse);
//   bare:   through scripts/bareRelay.mjs, a relay with nothing but node:http: the floor for any Node relay here;
//   base:   with --base (a directory holding another checkout's dist/ and dist-server/), proxy for that build.
// --accept-encoding "gzip, deflate, br" asks as browsers do, so the server compresses answers of 1 KB or more (the
// bare relay never compresses). --busy N keeps N other processes spinning through the run: a busy machine.
// --api-ms N makes the demo answer every list call N ms late, as an API on another machine with a database does
// (its CPU stays what it is, so this machine's cores are shared as before).
// Needs `npm run build` first.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { load, percentile } from './loadGenerator.mjs'
import { freePort, median, requireBuild, rssMb, start, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '5' },
    soak: { type: 'string', default: '20' },
    base: { type: 'string' },
    'accept-encoding': { type: 'string' },
    busy: { type: 'string', default: '0' },
    'api-ms': { type: 'string', default: '0' },
  },
})
const seconds = Number(values.duration)
const runs = Number(values.runs)
requireBuild()
// The 1, 5 and 15 minute load averages: a busy machine slows both columns, so the ratios are what compare.
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const loadBefore = loadAverage()

// Other work on the machine, at the same priority: each spins one core until the run ends.
const spinners = Array.from({ length: Number(values.busy) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
)
// However the run ends (a failed request, a server that did not start), none is left spinning.
process.on('exit', () => {
  for (const spinner of spinners) spinner.kill()
})

const token = 'bench-token'
const api = await startDemo(token)
const apiMs = Number(values['api-ms'])
if (!Number.isInteger(apiMs) || apiMs < 0) throw new Error('--api-ms must be a whole number of milliseconds')
if (apiMs > 0) {
  // A stored fault rule of the demo's: every list call waits, direct or relayed alike.
  const rules = [{ operation: 'list_executions', delayMs: apiMs }]
  const answer = await fetch(`http://127.0.0.1:${api.port}/__demo/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  })
  if (!answer.ok) throw new Error(`The demo refused the delay: HTTP ${answer.status}`)
}
const proxy = await startProduction(api.url, token, { DASHBOARD_REUSE_MS: '0', DASHBOARD_INDEX: '0' })
const shared = await startProduction(api.url, token, { DASHBOARD_INDEX: '0' })
const barePort = await freePort()
const bare = start(
  'node',
  ['scripts/bareRelay.mjs'],
  { PORT: String(barePort), EXEC_API_URL: api.url, EXEC_API_TOKEN: token },
  `http://127.0.0.1:${barePort}/healthz`,
)
await bare.ready
const baseDir = values.base ? resolve(values.base) : null
if (baseDir && !existsSync(join(baseDir, 'dist-server/production.js')))
  throw new Error('--base must be a directory with another build’s dist/ and dist-server/')
const baseServer = baseDir
  ? await startProduction(api.url, token, { DASHBOARD_REUSE_MS: '0', DASHBOARD_INDEX: '0' }, baseDir)
  : null

// A field the API ignores makes each body distinct, so no two requests can be shared.
const distinct = (n) => JSON.stringify({ page: { first: 20 }, bench: n })
const same = JSON.stringify({ page: { first: 20 } })
const acceptEncoding = values['accept-encoding']
const json = {
  'content-type': 'application/json',
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
}
const override = { ...json, 'x-http-method-override': 'GET' }
const targets = {
  direct: {
    url: `http://127.0.0.1:${api.port}/v2/executions`,
    method: 'GET',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: distinct,
  },
  proxy: {
    url: `http://127.0.0.1:${proxy.port}/api/executions`,
    method: 'POST',
    headers: override,
    body: distinct,
  },
  shared: {
    url: `http://127.0.0.1:${shared.port}/api/executions`,
    method: 'POST',
    headers: override,
    body: same,
  },
  bare: {
    url: `http://127.0.0.1:${barePort}/api/executions`,
    method: 'POST',
    headers: override,
    body: distinct,
  },
}
if (baseServer) targets.base = { ...targets.proxy, url: `http://127.0.0.1:${baseServer.port}/api/executions` }
const names = Object.keys(targets)
// CPU per call of the process that answers each column (the demo's own for direct), from /proc, at 50 connections.
const processOf = { direct: api, proxy, shared, bare, base: baseServer }
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}
const cpuPerCall = Object.fromEntries(names.map((name) => [name, []]))

const rows = []
for (const connections of [1, 10, 50]) {
  const samples = Object.fromEntries(names.map((name) => [name, []]))
  // Each column once a run, in an order that alternates run by run (a slow minute of this machine falls on both
  // sides), with the relay beside the base build so that each comes first in every other run. The shared column
  // (ten thousand calls a second) runs after all of them, and the load generator's garbage is collected before each
  // column: a column that came after the shared one inherited its collections (the bare relay's p99 at 10
  // connections, after it in every other run, was 35.8 ms against 32.1 and 33.9 ms since).
  const relayed = ['direct', 'bare', 'proxy', 'base'].filter((name) => name in targets)
  const order = Array.from({ length: runs }, (_, run) => (run % 2 === 0 ? relayed : [...relayed].reverse()))
  for (const name of [...order.flat(), ...Array.from({ length: runs }, () => 'shared')]) {
    globalThis.gc?.()
    const pid = processOf[name].child.pid
    const cpuBefore = cpuMs(pid)
    const result = await load({ ...targets[name], connections, seconds })
    if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests`)
    if (connections === 50) cpuPerCall[name].push(((cpuMs(pid) - cpuBefore) * 1000) / (result.rps * seconds))
    samples[name].push(result)
  }
  // A run's p99 rests on its slowest 1 % (a dozen calls at 10 connections in 3 s) and moves by 10 % from run to
  // run; the calls of all runs together give a steadier one.
  const cell = (name) => {
    const pooled = samples[name].flatMap((r) => r.latencies).sort((a, b) => a - b)
    return {
      p50: median(samples[name].map((r) => r.p50)),
      p99: median(samples[name].map((r) => r.p99)),
      rps: median(samples[name].map((r) => r.rps)),
      pooled: { p50: percentile(pooled, 0.5), p99: percentile(pooled, 0.99), calls: pooled.length },
    }
  }
  rows.push({ connections, ...Object.fromEntries(names.map((name) => [name, cell(name)])) })
}

const soakRss = [rssMb(proxy.child.pid)]
const sampler = setInterval(() => soakRss.push(rssMb(proxy.child.pid)), 5000)
await load({ ...targets.proxy, connections: 50, seconds: Number(values.soak) })
clearInterval(sampler)
soakRss.push(rssMb(proxy.child.pid))
for (const child of [api, proxy, shared, bare, baseServer]) child?.child.kill()

const loadAfter = loadAverage()
const ms = (us) => (us / 1000).toFixed(2)
const times = (over, under) => (over / under).toFixed(2)
console.log(
  `\nList calls (first: 20), ${runs} alternating runs of ${seconds} s, medians; latency in ms (timed in µs)` +
    `${acceptEncoding ? `; Accept-Encoding: ${acceptEncoding}` : ''}` +
    `${spinners.length ? `; ${spinners.length} other process(es) spinning` : ''}` +
    `${apiMs ? `; the API answers ${apiMs} ms late` : ''}\n`,
)
/** Columns padded to their widest cell, so the figures line up. */
const printTable = (header, lines) => {
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index].length)),
  )
  for (const line of [header, ...lines])
    console.log(
      line
        .map((text, index) => text.padEnd(widths[index]))
        .join(' | ')
        .trimEnd(),
    )
}
const cell = (c) => `${ms(c.p50)} / ${ms(c.p99)} / ${c.rps.toFixed(0)}`
const ratio = (c, direct) => `${times(c.p50, direct.p50)} / ${times(c.p99, direct.p99)}`
printTable(
  ['conns', ...names.map((name) => `${name} p50 / p99 / req/s`)],
  rows.map((row) => [String(row.connections), ...names.map((name) => cell(row[name]))]),
)
console.log('\nAgainst direct, p50 / p99 (1.00 = as fast as direct)')
printTable(
  ['conns', ...names.slice(1)],
  rows.map((row) => [String(row.connections), ...names.slice(1).map((name) => ratio(row[name], row.direct))]),
)
console.log('\nAdded to a call at p50, µs (the column minus direct)')
printTable(
  ['conns', ...names.slice(1)],
  rows.map((row) => [
    String(row.connections),
    ...names.slice(1).map((name) => (row[name].p50 - row.direct.p50).toFixed(0)),
  ]),
)
console.log("\nEvery run's calls together, p50 / p99 ms (calls)")
printTable(
  ['conns', ...names],
  rows.map((row) => [
    String(row.connections),
    ...names.map(
      (name) => `${ms(row[name].pooled.p50)} / ${ms(row[name].pooled.p99)} (${row[name].pooled.calls})`,
    ),
  ]),
)
if (baseServer) {
  const change = (now, before) =>
    `${now > before ? '+' : ''}${(((now - before) / before) * 100).toFixed(1)} %`
  console.log("\nproxy against base, every run's calls together: p50 / p99")
  printTable(
    ['conns', 'p50', 'p99'],
    rows.map((row) => [
      String(row.connections),
      change(row.proxy.pooled.p50, row.base.pooled.p50),
      change(row.proxy.pooled.p99, row.base.pooled.p99),
    ]),
  )
}
console.log(
  `\nCPU per call at 50 connections, µs (direct: the API's own): ${names
    .map((name) => `${name} ${median(cpuPerCall[name]).toFixed(0)}`)
    .join(', ')}`,
)
console.log(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}`)
console.log(
  `Proxy RSS over a ${values.soak} s soak at 50 connections, every 5 s (MB): ${soakRss.map((mb) => mb.toFixed(0)).join(' ')}`,
)
