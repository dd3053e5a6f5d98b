// npm run bench:proxy [-- --duration 3 --runs 5 --soak 20]: list calls straight to the demo API and through the
// production server, alternating run by run, at 1, 10 and 50 connections; latencies in microseconds.
//   direct: to the demo API, every body distinct;
//   proxy:  through the server with reuse off and every body distinct, so nothing is shared (its own cost);
//   shared: through the server as it runs, every tab asking the same page (single flight and 1 s reuse).
// Needs `npm run build` first.
import { parseArgs } from 'node:util'
import { load } from './loadGenerator.mjs'
import { median, requireBuild, rssMb, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '5' },
    soak: { type: 'string', default: '20' },
  },
})
const seconds = Number(values.duration)
const runs = Number(values.runs)
requireBuild()

const token = 'bench-token'
const api = await startDemo(token)
const proxy = await startProduction(api.url, token, { DASHBOARD_REUSE_MS: '0', DASHBOARD_INDEX: '0' })
const shared = await startProduction(api.url, token, { DASHBOARD_INDEX: '0' })

// A field the API ignores makes each body distinct, so no two requests can be shared.
const distinct = (n) => JSON.stringify({ page: { first: 20 }, bench: n })
const same = JSON.stringify({ page: { first: 20 } })
const json = { 'content-type': 'application/json' }
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
}

const rows = []
for (const connections of [1, 10, 50]) {
  const samples = { direct: [], proxy: [], shared: [] }
  for (let run = 0; run < runs; run += 1) {
    // Alternate the order run by run, so a slow minute of this machine does not fall on one side only.
    const order = run % 2 === 0 ? ['direct', 'proxy', 'shared'] : ['shared', 'proxy', 'direct']
    for (const name of order) {
      const result = await load({ ...targets[name], connections, seconds })
      if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests`)
      samples[name].push(result)
    }
  }
  const cell = (name) => ({
    p50: median(samples[name].map((r) => r.p50)),
    p99: median(samples[name].map((r) => r.p99)),
    rps: median(samples[name].map((r) => r.rps)),
  })
  rows.push({ connections, direct: cell('direct'), proxy: cell('proxy'), shared: cell('shared') })
}

const soakRss = [rssMb(proxy.child.pid)]
const sampler = setInterval(() => soakRss.push(rssMb(proxy.child.pid)), 5000)
await load({ ...targets.proxy, connections: 50, seconds: Number(values.soak) })
clearInterval(sampler)
soakRss.push(rssMb(proxy.child.pid))
for (const child of [api, proxy, shared]) child.child.kill()

const ms = (us) => (us / 1000).toFixed(2)
console.log(
  `\nList calls (first: 20), ${runs} alternating runs of ${seconds} s, medians; latency in ms (timed in µs)\n`,
)
console.log(
  'conns | direct p50 / p99 / req/s   | proxy p50 / p99 / req/s    | ratio p50 / p99 | shared p50 / p99 / req/s',
)
console.log(
  '----- | -------------------------- | -------------------------- | --------------- | --------------------------',
)
for (const { connections, direct, proxy: through, shared: reused } of rows) {
  const cell = (c) => `${ms(c.p50)} / ${ms(c.p99)} / ${c.rps.toFixed(0)}`.padEnd(26)
  const ratio = `${(through.p50 / direct.p50).toFixed(2)} / ${(through.p99 / direct.p99).toFixed(2)}`.padEnd(
    15,
  )
  console.log(
    `${String(connections).padStart(5)} | ${cell(direct)} | ${cell(through)} | ${ratio} | ${cell(reused)}`,
  )
}
console.log(
  `\nProxy RSS over a ${values.soak} s soak at 50 connections, every 5 s (MB): ${soakRss.map((mb) => mb.toFixed(0)).join(' ')}`,
)
