// npm run bench:index [-- --sizes 100000,1000000 --window 30 --rate 50 --burst 20 --recent 2000 --verify 0]: the
// execution index of the production server in front of the demo API with its page size raised to 1,000 and --recent
// of its executions created in the last hour, at a budget of --rate calls a second in bursts of --burst (the
// server's own defaults are --rate 1 --burst 10). Per size: the list calls until the last hour's overview is complete
// if the API keeps its order (it lists newest first), the cold build (calls, time), warm count answers (p50/p95),
// memory and store size, the verification rounds (calls per round, and how old the oldest verification the exact
// count rests on gets, watched for --verify seconds; 0: two rounds' worth at the budget), how fast a new execution
// reaches the counts, and upstream list calls per minute in steady state for 1, 10 and 50 viewers of one view and of
// five views. `npm run build` first.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openSse, type SseStream } from '../server/testing/sseClient.ts'
import { VERIFY_SHARE } from '../server/upstream/budget.ts'
import { median, requireBuild, rssMb, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    window: { type: 'string', default: '30' },
    rate: { type: 'string', default: '50' },
    burst: { type: 'string', default: '20' },
    recent: { type: 'string', default: '2000' },
    verify: { type: 'string', default: '0' },
  },
})
requireBuild()
const token = 'bench-token'
const windowMs = Number(values.window) * 1000
const VIEWS = ['', 'state=failed', 'state=started', 'm.env=production', 'm.team=data']
const PAGE = 1000
const recent = Number(values.recent)

interface Overview {
  total: number
  coverage: { kind: string; calls?: number; executions?: number; asOf?: number; ifOrderHolds?: boolean }
}

const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))] ?? NaN
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function listCalls(demoOrigin: string): Promise<number> {
  const response = await fetch(`${demoOrigin}/__demo/stats`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return ((await response.json()) as { requests: { list_executions: number } }).requests.list_executions
}

/** The server's own figures (DASHBOARD_METRICS=1): `name{labels}` → value. */
async function gauge(origin: string, name: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text()
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `))
  return Number(line?.split(' ')[1] ?? NaN)
}

async function overview(origin: string, view = ''): Promise<Overview> {
  return (await (await fetch(`${origin}/api/overview?${view}`)).json()) as Overview
}

async function untilExact(
  origin: string,
  view = '',
  everyMs = 200,
  enough = (answer: Overview) => answer.coverage.kind === 'exact',
): Promise<Overview> {
  const deadline = Date.now() + 3_600_000
  for (;;) {
    const answer = await overview(origin, view)
    if (enough(answer)) return answer
    if (Date.now() > deadline) throw new Error(`${view || 'all'} stayed ${JSON.stringify(answer.coverage)}`)
    await wait(everyMs)
  }
}

async function steadyCalls(
  origin: string,
  demoOrigin: string,
  viewers: number,
  views: string[],
): Promise<number> {
  const streams: SseStream[] = []
  for (let viewer = 0; viewer < viewers; viewer += 1) {
    const view = views[viewer % views.length] ?? ''
    streams.push(await openSse(`${origin}/api/live?${view}${view ? '&' : ''}size=20&every=10`))
  }
  await Promise.all(streams.map((stream) => stream.next((event) => event.event === 'list', 60_000)))
  await wait(2_000)
  const before = await listCalls(demoOrigin)
  await wait(windowMs)
  const calls = (await listCalls(demoOrigin)) - before
  for (const stream of streams) stream.close()
  await Promise.all(streams.map((stream) => stream.closed))
  return (calls * 60_000) / windowMs
}

/**
 * The verification rounds of the unfiltered view, watched for `seconds`: the calls of a round (what the count's
 * coverage says), how many rounds ended, how old the oldest verification the count rests on got, and the share of
 * the time the count was exact (the rest: at least, while outcomes or executions not found again are checked).
 */
async function verification(origin: string, seconds: number) {
  const ages: number[] = []
  const times = new Set<number>()
  let calls = 0
  let exact = 0
  let samples = 0
  const end = Date.now() + seconds * 1000
  while (Date.now() < end) {
    const { coverage } = await overview(origin)
    samples += 1
    if (coverage.kind === 'exact') exact += 1
    if (coverage.asOf !== undefined && (coverage.kind === 'exact' || coverage.kind === 'at_least')) {
      ages.push(Date.now() - coverage.asOf)
      times.add(coverage.asOf)
      if (coverage.kind === 'exact') calls = coverage.calls ?? calls
    }
    await wait(1_000)
  }
  return {
    calls,
    rounds: times.size - 1,
    oldestS: Math.max(...ages) / 1000,
    medianS: median(ages) / 1000,
    exactShare: samples === 0 ? 0 : exact / samples,
  }
}

/** /healthz asked every 50 ms until stopped: how long a liveness check waits while the index walks. */
function sampleHealth(origin: string) {
  const times: number[] = []
  let running = true
  const sampling = (async () => {
    while (running) {
      const started = performance.now()
      await fetch(`${origin}/healthz`).then((answer) => answer.text())
      times.push(performance.now() - started)
      await wait(50)
    }
  })()
  return {
    async stop() {
      running = false
      await sampling
      return { p50: median(times), p99: percentile(times, 0.99), max: Math.max(...times) }
    },
  }
}

async function freshness(origin: string, demoOrigin: string): Promise<number[]> {
  const delays: number[] = []
  for (let change = 0; change < 5; change += 1) {
    const before = (await overview(origin)).total
    let created = false
    while (!created) {
      const tick = await fetch(`${demoOrigin}/__demo/simulation/tick`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      })
      created = ((await tick.json()) as { created: string[] }).created.length > 0
    }
    const started = performance.now()
    while ((await overview(origin)).total === before) await wait(50)
    delays.push(performance.now() - started)
  }
  return delays
}

/**
 * The server stopped and started again on the same store: seconds to /readyz, the first overview's time and what it
 * claimed, and the process's RSS 10 s later with nobody asking.
 */
async function restart(
  running: Awaited<ReturnType<typeof startProduction>>,
  apiUrl: string,
  dataDir: string,
) {
  const exited = new Promise((resolve) => running.child.once('exit', resolve))
  running.child.kill()
  await exited
  const starting = performance.now()
  const server = await startProduction(apiUrl, token, {
    DASHBOARD_DATA_DIR: dataDir,
    DASHBOARD_UPSTREAM_RATE: values.rate,
    DASHBOARD_UPSTREAM_BURST: values.burst,
    DASHBOARD_METRICS: '1',
  })
  const readyS = (performance.now() - starting) / 1000
  const asked = performance.now()
  const first = await overview(server.origin)
  const firstMs = performance.now() - asked
  // A window the stored summaries cannot answer: its first answer (the rows read back so far), then its own.
  const windowAsked = performance.now()
  const windowFirst = await overview(server.origin, 'window=1h')
  const windowFirstMs = performance.now() - windowAsked
  await untilExact(server.origin, 'window=1h', 100, (answer) => answer.coverage.kind !== 'counting')
  const windowOwnMs = performance.now() - windowAsked
  await wait(10_000)
  return {
    server,
    readyS,
    firstMs,
    kind: first.coverage.kind,
    windowFirstMs,
    windowKind: windowFirst.coverage.kind,
    windowOwnMs,
    rss: rssMb(server.child.pid ?? 0),
  }
}

const rows: string[] = []
for (const size of values.sizes.split(',').map(Number)) {
  const seeding = performance.now()
  const demo = await startDemo(token, [
    '--size',
    String(size),
    '--max-page',
    String(PAGE),
    '--recent',
    values.recent,
  ])
  const seedSeconds = (performance.now() - seeding) / 1000
  const demoOrigin = demo.url.replace(/\/v2$/, '')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-index-'))
  const server = await startProduction(demo.url, token, {
    DASHBOARD_DATA_DIR: dataDir,
    DASHBOARD_UPSTREAM_RATE: values.rate,
    DASHBOARD_UPSTREAM_BURST: values.burst,
    DASHBOARD_STREAMS_PER_ADDRESS: '500',
    DASHBOARD_METRICS: '1',
  })
  await wait(3_000)
  const heapBefore = await gauge(server.origin, 'dashboard_memory_bytes{kind="heap_used"}')
  const callsBefore = await listCalls(demoOrigin)
  const cold = performance.now()
  const health = sampleHealth(server.origin)
  // The last hour's overview starts the cold build; its coverage says the calls its walk took to pass the window.
  const lastHour = await untilExact(
    server.origin,
    'window=1h',
    20,
    (answer) => answer.coverage.kind === 'exact' || answer.coverage.ifOrderHolds === true,
  )
  const lastHourAnswered = (await listCalls(demoOrigin)) - callsBefore
  const exact = await untilExact(server.origin)
  const healthDuringWalk = await health.stop()
  const coldSeconds = (performance.now() - cold) / 1000
  const coldCalls = (await listCalls(demoOrigin)) - callsBefore
  console.log(
    `${size}: cold ${coldCalls} calls, ${coldSeconds.toFixed(1)} s, /healthz ${JSON.stringify(healthDuringWalk)}`,
  )
  for (const view of VIEWS) await untilExact(server.origin, view)
  const latencies: number[] = []
  for (let ask = 0; ask < 200; ask += 1) {
    const started = performance.now()
    await overview(server.origin, VIEWS[ask % VIEWS.length])
    latencies.push(performance.now() - started)
  }
  await wait(3_000)
  const rss = rssMb(server.child.pid ?? 0)
  const heap = await gauge(server.origin, 'dashboard_memory_bytes{kind="heap_used"}')
  const storeMb = Number(execFileSync('du', ['-sm', dataDir], { encoding: 'utf8' }).split('\t')[0])
  // A round is ceil(N / page) calls at the verify lane's share of the rate: watch two of them.
  const roundSeconds = Math.ceil(size / PAGE) / (Number(values.rate) * VERIFY_SHARE)
  const verified = await verification(
    server.origin,
    Number(values.verify) || Math.ceil(2 * roundSeconds + 30),
  )
  console.log(`${size}: verification ${JSON.stringify(verified)}`)
  const fresh = await freshness(server.origin, demoOrigin)
  const steady: Record<string, number> = {}
  for (const viewers of [1, 10, 50]) {
    steady[`${viewers}×1`] = await steadyCalls(server.origin, demoOrigin, viewers, [VIEWS[1] ?? ''])
    steady[`${viewers}×5`] = await steadyCalls(server.origin, demoOrigin, viewers, VIEWS)
  }
  const restarted = await restart(server, demo.url, dataDir)
  console.log(`${size}: steady ${JSON.stringify(steady)}; restart ${JSON.stringify(restarted)}`)
  rows.push(
    [
      size.toLocaleString('en-US'),
      `${seedSeconds.toFixed(1)} s`,
      `${lastHour.total.toLocaleString('en-US')} in it: ${lastHour.coverage.calls ?? '?'} (bound ${Math.ceil(recent / PAGE) + 1}; ${lastHourAnswered} answered when read)`,
      `${coldCalls} (bound ${Math.ceil(size / 1000) + 5}), ${coldSeconds.toFixed(1)} s; /healthz p50 ${healthDuringWalk.p50.toFixed(1)} / p99 ${healthDuringWalk.p99.toFixed(1)} / max ${healthDuringWalk.max.toFixed(0)} ms`,
      `${median(latencies).toFixed(1)} / ${percentile(latencies, 0.95).toFixed(1)} ms`,
      `${((heap - heapBefore) / 1e6).toFixed(0)} MB heap (RSS ${rss.toFixed(0)} MB)`,
      `${storeMb} MB`,
      `${verified.calls} calls/round, ${verified.rounds} rounds ended; oldest ${verified.oldestS.toFixed(0)} s (median ${verified.medianS.toFixed(0)} s); exact ${(verified.exactShare * 100).toFixed(0)} % of the time`,
      `${(median(fresh) / 1000).toFixed(1)} s (max ${(Math.max(...fresh) / 1000).toFixed(1)})`,
      Object.entries(steady)
        .map(([key, calls]) => `${key}: ${calls.toFixed(0)}`)
        .join(', '),
      `ready ${restarted.readyS.toFixed(1)} s; first overview ${restarted.firstMs.toFixed(0)} ms (${restarted.kind}); last hour ${restarted.windowFirstMs.toFixed(0)} ms (${restarted.windowKind}), its own ${(restarted.windowOwnMs / 1000).toFixed(1)} s; RSS at rest ${restarted.rss.toFixed(0)} MB`,
    ].join(' | '),
  )
  console.log(`done ${size}: ${exact.total} executions`)
  restarted.server.child.kill()
  demo.child.kill()
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(
  `\nThe execution index, production server in front of the demo API (page size 1,000, ${recent.toLocaleString('en-US')} created in the last hour; budget ${values.rate} calls/s, bursts of ${values.burst})\n`,
)
console.log(
  'executions | demo seeding | last hour complete if ordered: calls | cold build: calls, time, /healthz meanwhile | warm count p50 / p95 | index memory | store on disk | verification: calls per round, age of the oldest | new execution in counts | list calls/min, viewers×views | restart on the same store',
)
console.log(
  '---------- | ------------ | ------------------------ | ----------------------- | -------------------- | ------------ | ------------- | ------------------------------------------------- | ----------------------- | ---------------------------- | -------------------------',
)
for (const row of rows) console.log(row)
