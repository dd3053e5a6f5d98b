import { existsSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import { openFilesLimit } from '../http/connectionLimits.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { openSse, type SseStream } from '../testing/sseClient.ts'
import { freePort, run, waitUntilUp, type RunningProcess } from './processes.ts'

/*
 * Issue 46 against the production server (`npm start`'s code): one party never robs or freezes the others. Each
 * case prints its figures (docs/benchmarks.md keeps them), and holds a bound a busy machine still meets.
 */
const SERVER = path.resolve('dist-server/production.js')
const missing = existsSync(SERVER) ? null : 'run npm run build first'
if (missing && process.env.CI) throw new Error(`fairness test cannot run: ${missing}`)

interface Stack {
  demo: RunningDemoApi
  server: RunningProcess
  origin: string
  dataDir: string
}
const stacks: Stack[] = []
const sockets: net.Socket[] = []
const streams: SseStream[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const stream of streams.splice(0)) stream.close()
  for (const stack of stacks.splice(0)) {
    await stack.server.stop('SIGKILL')
    await stack.demo.close()
    rmSync(stack.dataDir, { recursive: true, force: true })
  }
})

async function startStack(env: Record<string, string>, demo: Parameters<typeof startDemoApi>[0]) {
  const api = await startDemoApi(demo)
  const dataDir = await embeddedDataDir()
  const port = await freePort()
  const server = run('node', [SERVER], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    EXEC_API_URL: api.url,
    EXEC_API_TOKEN: api.token,
    DASHBOARD_DATA_DIR: dataDir,
    // Tests name their clients by X-Forwarded-For, as a reverse proxy would.
    DASHBOARD_TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
    ...env,
  })
  const origin = `http://127.0.0.1:${port}`
  const stack = { demo: api, server, origin, dataDir }
  stacks.push(stack)
  await waitUntilUp(`${origin}/readyz`, server, 60_000)
  return stack
}

const rssMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024

/** A stream whose reader never reads: its socket's buffers fill, and then the server's would. */
function stalledStream(origin: string, path: string, from: string): net.Socket {
  const { port } = new URL(origin)
  const socket = net.connect(Number(port), '127.0.0.1')
  socket.on('error', () => {})
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${from}\r\n\r\n`)
  socket.pause()
  sockets.push(socket)
  return socket
}

/** /healthz every 50 ms for `ms`: what a liveness check waits meanwhile. */
async function healthFor(origin: string, ms: number) {
  const times: number[] = []
  const end = Date.now() + ms
  while (Date.now() < end) {
    const started = performance.now()
    await fetch(`${origin}/healthz`).then((answer) => answer.text())
    times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  times.sort((a, b) => a - b)
  return { p99: times[Math.floor(times.length * 0.99)] ?? NaN, max: times.at(-1) ?? NaN }
}

/** One of the server's own figures (DASHBOARD_METRICS=1). */
async function gauge(origin: string, name: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text()
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `))
  return Number(line?.split(' ')[1] ?? NaN)
}

const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))] ?? NaN

describe.skipIf(missing !== null)('one party never robs or freezes the others (issue 46)', () => {
  it('40 live streams that never read hold the server’s memory flat, /healthz fast, and are cut off', async () => {
    // Rows change on every call: each refresh of the 1,000-row view is news for every stream.
    const stack = await startStack(
      { DASHBOARD_UPSTREAM_RATE: '20', DASHBOARD_UPSTREAM_BURST: '20', DASHBOARD_METRICS: '1' },
      { simulate: true, tickMs: 200, executionCount: 3_000, maxPageSize: 1_000 },
    )
    const pid = stack.server.child.pid ?? 0
    const before = rssMb(pid)
    const stalled = Array.from({ length: 40 }, (_, n) =>
      stalledStream(stack.origin, '/api/live?size=1000&every=1', `10.1.0.${n}`),
    )
    const health = await healthFor(stack.origin, 20_000)
    const during = rssMb(pid)
    // Unbounded, 40 streams of a 300 KB page a second grew the server by 1.3 GB in 60 s.
    console.log(
      `40 stalled streams: RSS ${before.toFixed(0)} → ${during.toFixed(0)} MB in 20 s; /healthz p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(0)} ms`,
    )
    expect(during - before).toBeLessThan(250)
    expect(health.p99).toBeLessThan(1_000)
    // A reader that takes nothing for 30 s while behind is cut off: the server holds none of them after that.
    await expect
      .poll(() => gauge(stack.origin, 'dashboard_live_streams'), { timeout: 60_000, interval: 1_000 })
      .toBe(0)
    expect(stalled).toHaveLength(40)
    console.log(`after they were cut off: RSS ${rssMb(pid).toFixed(0)} MB`)
  }, 90_000)

  it('beside 50 greedy streams and 300 distinct views, an honest user’s view keeps refreshing and a new view is counted', async () => {
    const stack = await startStack(
      // No burst to speak of: alone or not, every call waits its turn at the rate, so the two compare.
      { DASHBOARD_UPSTREAM_RATE: '4', DASHBOARD_UPSTREAM_BURST: '1' },
      { simulate: true, tickMs: 500, executionCount: 1_500 },
    )
    const counted = async (view: string, from: string) => {
      const started = Date.now()
      for (;;) {
        const answer = await fetch(`${stack.origin}/api/overview?${view}`, {
          headers: { 'X-Forwarded-For': from },
        })
        const body = (await answer.json()) as { coverage?: { kind: string } }
        if (body.coverage?.kind === 'exact' || body.coverage?.kind === 'at_least') return Date.now() - started
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    /** What the honest user sees for 15 s: its live view's refresh gaps, then how long a new view takes to count. */
    const honestly = async (live: string, fresh: string) => {
      const stream = await openSse(`${stack.origin}/api/live?${live}&every=2`, {
        'X-Forwarded-For': '10.2.0.2',
      })
      streams.push(stream)
      await stream.next((event) => event.event === 'list', 30_000)
      const arrivals: number[] = []
      let seen = 0
      const end = Date.now() + 15_000
      while (Date.now() < end) {
        const lists = stream.events.filter((event) => event.event === 'list').length
        if (lists > seen) arrivals.push(Date.now())
        seen = lists
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const gaps = arrivals.slice(1).map((at, n) => at - (arrivals[n] ?? at))
      const took = await counted(fresh, '10.2.0.2')
      stream.close()
      return { gap: percentile(gaps, 0.5), refreshes: gaps.length, counted: took }
    }
    await counted('', '10.2.0.9')
    const alone = await honestly('m.env=production', 'm.team=data')

    // One greedy client: 50 distinct live views wanting a refresh every second, and 300 distinct filters counted.
    for (let n = 0; n < 50; n += 1) {
      const greedy = await openSse(`${stack.origin}/api/live?size=${n + 1}&every=1`, {
        'X-Forwarded-For': '10.2.0.1',
      })
      streams.push(greedy)
    }
    const statuses: number[] = []
    for (let n = 0; n < 300; n += 1) {
      const answer = await fetch(`${stack.origin}/api/overview?m.region=r${n}`, {
        headers: { 'X-Forwarded-For': '10.2.0.1' },
      })
      statuses.push(answer.status)
      await answer.text()
    }
    const beside = await honestly('m.env=production', 'm.team=ml')
    console.log(
      `honest user alone: live view every 2 s refreshed every ${alone.gap} ms (p50), a new view counted in ${alone.counted} ms; ` +
        `beside 50 greedy streams and 300 distinct views (${statuses.filter((s) => s === 429).length} refused): every ${beside.gap} ms, counted in ${beside.counted} ms`,
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(20)
    expect(statuses.filter((status) => status === 429)).toHaveLength(280)
    // What it sees stays within twice what it sees alone (before: no refresh in 20 s, not counted after 30 s).
    expect(beside.refreshes).toBeGreaterThanOrEqual(3)
    expect(beside.gap).toBeLessThanOrEqual(2 * alone.gap)
    // The honest client has used far less of late than the greedy one, so its first count goes ahead of it. A count
    // is a few calls, each landing on one of the rate's turns (250 ms at 4/s) and seen at the next poll (100 ms): a
    // count alone that found its turns free (0.64 s in one CI run) against one that waited a turn or two per call
    // differ by that chance, not by fairness. Four turns of it are allowed; a robbed count took over 30 s.
    expect(beside.counted).toBeLessThanOrEqual(2 * alone.counted + 4 * 250)
  }, 150_000)

  it('streams past the process’s cap are answered 503 with Retry-After, and a new user is still served', async () => {
    // A thousand streams where the process may open enough files for them; the cap itself is tested at 100.
    const files = openFilesLimit() ?? 1024
    const many = files >= 4_000 ? 1_000 : 0
    const stack = await startStack(
      { DASHBOARD_MAX_STREAMS: String(many || 100) },
      { simulate: false, executionCount: 200 },
    )
    const total = many || 100
    for (let n = 0; n < total; n += 1) {
      const { port } = new URL(stack.origin)
      const socket = net.connect(Number(port), '127.0.0.1')
      socket.on('error', () => {})
      socket.on('data', () => {})
      socket.write(
        `GET /api/live?every=60 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: 10.3.${n % 20}.1\r\n\r\n`,
      )
      sockets.push(socket)
    }
    await expect
      .poll(
        async () => {
          const extra = await fetch(`${stack.origin}/api/live`, {
            headers: { 'X-Forwarded-For': '10.3.99.1' },
          })
          const status = extra.status
          await extra.body?.cancel()
          return status
        },
        { timeout: 60_000 },
      )
      .toBe(503)
    const refused = await fetch(`${stack.origin}/api/watches/stream`, {
      headers: { 'X-Forwarded-For': '10.3.98.1' },
    })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too_many_streams')
    const times: number[] = []
    for (let ask = 0; ask < 20; ask += 1) {
      const started = performance.now()
      const answer = await fetch(`${stack.origin}/api/executions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-HTTP-Method-Override': 'GET',
          'X-Forwarded-For': '10.3.97.1',
        },
        body: '{"page":{"first":20}}',
      })
      expect(answer.status).toBe(200)
      await answer.text()
      times.push(performance.now() - started)
    }
    console.log(
      `${total} streams held (open files ${files}); the next refused 503; a new user's list p50 ${percentile(times, 0.5).toFixed(1)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    )
  }, 120_000)
})
