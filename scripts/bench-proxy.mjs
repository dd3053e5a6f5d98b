// npm run bench:proxy [-- --duration 3 --runs 3 --soak 60]: list calls straight to the demo API and through the
// production server's proxy, side by side, at 1, 10 and 50 connections. Needs `npm run build` first.
import autocannon from 'autocannon'
import { parseArgs } from 'node:util'
import { median, requireBuild, rssMb, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    soak: { type: 'string', default: '20' },
  },
})
const duration = Number(values.duration)
const runs = Number(values.runs)
requireBuild()

const token = 'bench-token'
const api = await startDemo(token)
const proxy = await startProduction(api.url, token)
const [apiPort, proxyPort] = [api.port, proxy.port]

const body = JSON.stringify({ page: { first: 20 } })
const targets = {
  direct: {
    url: `http://127.0.0.1:${apiPort}/v2/executions`,
    method: 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  },
  proxy: {
    url: `http://127.0.0.1:${proxyPort}/api/executions`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-http-method-override': 'GET' },
    body,
  },
}

const rss = []
const sampler = setInterval(() => rss.push(rssMb(proxy.child.pid)), 500)
const rows = []
for (const connections of [1, 10, 50]) {
  const cell = {}
  for (const [name, target] of Object.entries(targets)) {
    const results = []
    for (let run = 0; run < runs; run += 1) {
      const result = await autocannon({ ...target, connections, duration })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      results.push(result)
    }
    cell[name] = {
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      rps: median(results.map((r) => r.requests.average)),
    }
  }
  rows.push({ connections, ...cell })
}
clearInterval(sampler)

// RSS under steady load: 50 connections through the proxy for --soak seconds, sampled every 5 s.
const soakSeconds = Number(values.soak)
const soakRss = [rssMb(proxy.child.pid)]
const soakSampler = setInterval(() => soakRss.push(rssMb(proxy.child.pid)), 5000)
await autocannon({ ...targets.proxy, connections: 50, duration: soakSeconds })
clearInterval(soakSampler)
soakRss.push(rssMb(proxy.child.pid))
api.child.kill()
proxy.child.kill()

console.log(`\nList calls (first: 20), ${runs} runs of ${duration} s each, medians; latency in ms\n`)
console.log('conns | direct p50  p99    req/s | proxy p50  p99    req/s | p50 ratio | req/s ratio')
for (const { connections, direct, proxy: through } of rows) {
  const ratio = (a, b) => (b === 0 ? '—' : (a / b).toFixed(2))
  console.log(
    `${String(connections).padStart(5)} | ${String(direct.p50).padStart(10)} ${String(direct.p99).padStart(5)} ${direct.rps.toFixed(0).padStart(8)} | ${String(through.p50).padStart(9)} ${String(through.p99).padStart(5)} ${through.rps.toFixed(0).padStart(8)} | ${ratio(Math.max(through.p50, 0.5), Math.max(direct.p50, 0.5)).padStart(9)} | ${ratio(through.rps, direct.rps).padStart(11)}`,
  )
}
const valid = rss.filter(Number.isFinite)
console.log(
  `\nProxy RSS during the table: start ${valid[0]?.toFixed(1)} MB, max ${Math.max(...valid).toFixed(1)} MB`,
)
console.log(
  `Proxy RSS over a ${soakSeconds} s soak at 50 connections, every 5 s (MB): ${soakRss.map((mb) => mb.toFixed(0)).join(' ')}`,
)
