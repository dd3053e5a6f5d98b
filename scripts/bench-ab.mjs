// npm run bench:ab -- <base> [--runs 15]: this checkout's build against another build, in one run. The
// machine's speed drifts from minute to minute, so figures taken at different times do not compare; here
// every run measures the base and this build one after the other, on the same demo API, and the medians
// and their ratio are printed side by side. <base> is a directory holding another checkout's `dist/` and
// `dist-server/`, for example:
//   git worktree add /tmp/base HEAD~3 && (cd /tmp/base && npm ci && npm run build)
//   npm run build && npm run bench:ab -- /tmp/base
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumPath, median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'
import { renderMeasures } from './benchUiRender.mjs'

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '15' } },
  allowPositionals: true,
})
const RUNS = Number(values.runs)
const base = path.resolve(positionals[0] ?? '')
if (!positionals[0] || !existsSync(path.join(base, 'dist-server/production.js')))
  throw new Error('usage: npm run bench:ab -- <directory with the base build’s dist/ and dist-server/>')
requireBuild()

const token = 'bench-token'
const api = await startDemo(token)
const servers = {
  base: await startProduction(api.url, token, {}, base),
  this: await startProduction(api.url, token),
}
const browser = await chromium.launch({ executablePath: chromiumPath() })
const measures = {
  base: renderMeasures(browser, servers.base.origin),
  this: renderMeasures(browser, servers.this.origin),
}

const figures = {
  base: { next20: [], next100first: [], next100: [], busy100: [], longest100: [], longest100x4: [] },
  this: { next20: [], next100first: [], next100: [], busy100: [], longest100: [], longest100x4: [] },
}
for (let run = 0; run < RUNS; run += 1) {
  for (const build of run % 2 === 0 ? ['base', 'this'] : ['this', 'base']) {
    const { prefetchedNext, pageSize100 } = measures[build]
    figures[build].next20.push((await prefetchedNext(20)).toDom)
    figures[build].next100first.push((await prefetchedNext(100, 30)).toDom)
    figures[build].next100.push((await prefetchedNext(100)).toDom)
    const size100 = await pageSize100(1)
    figures[build].busy100.push(size100.busy)
    figures[build].longest100.push(size100.longest)
    figures[build].longest100x4.push((await pageSize100(4)).longest)
  }
  process.stdout.write('.')
}
await browser.close()
for (const server of Object.values(servers)) server.child.kill()
api.child.kill()

console.log(`\n\nThis build against ${base}, alternating, median of ${RUNS} runs each\n`)
console.log(`${'measure'.padEnd(52)} | ${'base'.padStart(8)} | ${'this'.padStart(8)} | this/base`)
console.log(`${'-'.repeat(52)} | -------- | -------- | ---------`)
const rows = [
  ['Prefetched Next, 20 rows: click → rows in the DOM', 'next20'],
  ['Prefetched Next, 100 rows: click → first 30 in the DOM', 'next100first'],
  ['Prefetched Next, 100 rows: click → rows in the DOM', 'next100'],
  ['Page size 100: main-thread busy after the answer', 'busy100'],
  ['Page size 100: longest task after the answer', 'longest100'],
  ['Page size 100 at 4x CPU: longest task', 'longest100x4'],
]
for (const [name, key] of rows) {
  const [b, t] = [median(figures.base[key]), median(figures.this[key])]
  console.log(
    `${name.padEnd(52)} | ${`${b.toFixed(1)} ms`.padStart(8)} | ${`${t.toFixed(1)} ms`.padStart(8)} | ${(t / b).toFixed(2)}`,
  )
}
