// npm run bench:export [-- --runs 3]: exports every execution of demo APIs seeded with 10,000 and 100,000
// executions through the production server, in CSV and NDJSON, and prints rows per second and the server's
// peak RSS next to its RSS before the export (which must not grow with the row count). `npm run build` first.
import { parseArgs } from 'node:util'
import { median, requireBuild, rssMb, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
const runs = Number(values.runs)
requireBuild()

const token = 'bench-token'

async function exportOnce(origin, format, pid) {
  const before = rssMb(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20)
  const started = performance.now()
  const response = await fetch(`${origin}/api/export/executions?format=${format}`)
  if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`)
  let lines = 0
  const decoder = new TextDecoder()
  for await (const chunk of response.body) {
    for (const char of decoder.decode(chunk, { stream: true })) if (char === '\n') lines += 1
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const rows = format === 'csv' ? lines - 1 : lines
  return { rows, rowsPerSecond: rows / seconds, before, peak }
}

const results = []
for (const size of [10_000, 100_000]) {
  const api = await startDemo(token, ['--size', String(size)])
  const server = await startProduction(api.url, token, { DASHBOARD_EXPORT_MAX_ROWS: String(size + 1) })
  for (const format of ['csv', 'ndjson']) {
    const samples = []
    for (let run = 0; run < runs; run += 1)
      samples.push(await exportOnce(server.origin, format, server.child.pid))
    results.push({
      size,
      format,
      rows: samples[0].rows,
      rowsPerSecond: median(samples.map((s) => s.rowsPerSecond)),
      before: median(samples.map((s) => s.before)),
      peak: median(samples.map((s) => s.peak)),
    })
  }
  server.child.kill()
  api.child.kill()
}

console.log(`\nWhole-list export through the production server, ${runs} runs each, medians\n`)
console.log('executions | format | rows exported | rows/s  | server RSS before | peak RSS | peak − before')
console.log('---------- | ------ | ------------- | ------- | ----------------- | -------- | -------------')
for (const r of results) {
  console.log(
    `${String(r.size).padStart(10)} | ${r.format.padEnd(6)} | ${String(r.rows).padStart(13)} | ${String(Math.round(r.rowsPerSecond)).padStart(7)} | ${r.before.toFixed(0).padStart(14)} MB | ${r.peak.toFixed(0).padStart(5)} MB | ${(r.peak - r.before).toFixed(0).padStart(10)} MB`,
  )
}
const growth = (format) => {
  const [small, large] = results.filter((r) => r.format === format).map((r) => r.peak - r.before)
  return `${format}: ${small.toFixed(0)} MB at 10,000 rows vs ${large.toFixed(0)} MB at 100,000 rows`
}
console.log(`\nRSS growth during an export, 10× the rows: ${growth('csv')}; ${growth('ndjson')}`)
