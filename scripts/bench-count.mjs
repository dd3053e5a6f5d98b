// npm run bench:count [-- --size 1000000 --runs 3 --state succeed]: "Reschedule all matching…"'s count of a large filter on a frozen
// demo API of --size executions (largest page 1,000) behind the production server, before its index has counted
// it. Side by side in one run, alternated: the dashboard's server counting the whole set (GET
// /api/executions/ids, ids handed over up to the run's cap of 20,000) against the browser paging the list 100 at a
// time as it did before, which stopped at the cap. `npm run build` first.
import { parseArgs } from 'node:util'
import { median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    state: { type: 'string', default: 'succeed' },
  },
})
requireBuild()
const CAP = 20_000
const token = 'bench-token'
const api = await startDemo(token, ['--size', values.size, '--max-page', '1000'])
// The index is off, so every count is the server's own paging, as before a first scan has ended.
const server = await startProduction(api.url, token, { DASHBOARD_INDEX: '0' })
const headers = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }

const state = values.state

async function serverCount() {
  const started = performance.now()
  const answer = await (
    await fetch(`${server.origin}/api/executions/ids?state=${state}&max=${CAP}`, { headers })
  ).json()
  return { ms: performance.now() - started, count: answer.count, complete: answer.complete }
}

async function browserPaging() {
  const started = performance.now()
  let rows = 0
  let after = null
  for (;;) {
    const page = await (
      await fetch(`${server.origin}/api/executions`, {
        method: 'POST',
        headers: { ...headers, 'X-HTTP-Method-Override': 'GET' },
        body: JSON.stringify({
          page: after ? { first: 100, after } : { first: 100 },
          filters: { states: [state] },
        }),
      })
    ).json()
    rows += page.data.length
    if (!page.page_info.has_next_page || rows >= CAP) break
    after = page.page_info.end_cursor
  }
  return { ms: performance.now() - started, count: rows, complete: false }
}

const figures = { server: [], browser: [] }
for (let run = 0; run < Number(values.runs); run += 1) {
  for (const way of run % 2 === 0 ? ['server', 'browser'] : ['browser', 'server'])
    figures[way].push(way === 'server' ? await serverCount() : await browserPaging())
  process.stdout.write('.')
}
server.child.kill()
api.child.kill()

const size = Number(values.size).toLocaleString('en-US')
console.log(`\n\nCounting state=${state} of ${size} executions, median of ${values.runs} runs\n`)
for (const [way, name] of [
  ['browser', 'before: the browser pages 100 at a time, to the cap'],
  ['server', 'now: the server counts the whole set'],
]) {
  const ms = median(figures[way].map((f) => f.ms))
  const counted = figures[way][0].count.toLocaleString('en-US')
  console.log(`${name.padEnd(54)} | ${counted.padStart(9)} counted | ${(ms / 1000).toFixed(1)} s`)
}
const rate = (way) => median(figures[way].map((f) => f.count / f.ms))
console.log(
  `executions counted a second, now against before: ${(rate('server') / rate('browser')).toFixed(1)}×`,
)
