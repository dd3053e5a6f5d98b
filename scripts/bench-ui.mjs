// npm run bench:ui [-- --runs 10]: how fast the executions list draws, in headless Chromium against the
// production build and a frozen demo API. Prints medians of --runs runs: the "Page size: 100" answer to rows
// in the DOM and to the next frame, main-thread busy time for it (CDP trace), the same at 4x CPU
// throttling, DOM elements per row, a prefetched Next page at 20 and 100 rows, API calls per action and per
// minute of polling, idle main-thread time, layout shift on a phone, and the eager JS+CSS size. Then, on a warm
// index of 100,000 executions: the overview's counts drawn after the list's rows on a first load, and choosing
// another Time window to its counts and list drawn. `npm run build` first.
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumPath, median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'
import { eagerAssets } from './eagerAssets.mjs'
import { countCalls, idleBusyPerMinute, phoneLayoutShift } from './benchUiExtras.mjs'
import { overviewRun, warmIndex } from './benchUiOverview.mjs'
import { renderMeasures } from './benchUiRender.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } })
const RUNS = Number(values.runs)
requireBuild()
const executablePath = chromiumPath()

const token = 'bench-token'
const api = await startDemo(token)
const server = await startProduction(api.url, token)
const browser = await chromium.launch({ executablePath })

const { newPage, pageSize100, prefetchedNext } = renderMeasures(browser, server.origin)

const size100 = []
const size100Slow = []
const next20 = []
const next100 = []
for (let run = 0; run < RUNS; run += 1) {
  size100.push(await pageSize100(1))
  size100Slow.push(await pageSize100(4))
  next20.push(await prefetchedNext(20))
  next100.push(await prefetchedNext(100))
  process.stdout.write('.')
}
const calls = await countCalls(newPage)
const idle = await idleBusyPerMinute(newPage)
const shift = await phoneLayoutShift(newPage)
server.child.kill()
api.child.kill()

const OVERVIEW_SIZE = 100_000
const warm = await warmIndex(token, OVERVIEW_SIZE)
const firstPaint = []
const switches = []
for (let run = 0; run < RUNS; run += 1) {
  const measured = await overviewRun(browser, warm.origin)
  firstPaint.push(measured.firstPaint)
  switches.push(...measured.switches)
  process.stdout.write('.')
}
await browser.close()
warm.close()

const ms = (list, key) => `${median(list.map((r) => r[key])).toFixed(1)} ms`
const eager = (await eagerAssets('dist')).reduce((sum, asset) => sum + asset.gzip, 0)
console.log(
  `\n\nExecutions list, production build, frozen demo API, headless Chromium, median of ${RUNS} runs\n`,
)
console.log(`${'measure'.padEnd(58)} | figure`)
console.log(`${'-'.repeat(58)} | ------`)
const line = (name, value) => console.log(`${name.padEnd(58)} | ${value}`)
line('Page size 100: answer → rows in the DOM', ms(size100, 'toDom'))
line('Page size 100: answer → next frame', ms(size100, 'toFrame'))
line('Page size 100: main-thread busy after the answer (trace)', ms(size100, 'busy'))
line('Page size 100: longest main-thread task after the answer', ms(size100, 'longest'))
line('Page size 100 at 4x CPU throttling: answer → DOM', ms(size100Slow, 'toDom'))
line('Page size 100 at 4x CPU throttling: longest task', ms(size100Slow, 'longest'))
line('Page size 100 at 4x CPU throttling: main-thread busy', ms(size100Slow, 'busy'))
line(
  'DOM elements per row (the row and what is in it)',
  median(size100.map((r) => r.elements.inRows)).toFixed(1),
)
line(
  'DOM elements of the whole page per row (100 rows)',
  median(size100.map((r) => r.elements.page)).toFixed(1),
)
line('Prefetched Next, 20 rows: click → rows in the DOM', ms(next20, 'toDom'))
line('Prefetched Next, 20 rows: click → next frame', ms(next20, 'toFrame'))
line('Prefetched Next, 100 rows: click → rows in the DOM', ms(next100, 'toDom'))
line('Prefetched Next, 100 rows: click → next frame', ms(next100, 'toFrame'))
for (const [action, count] of Object.entries(calls.perAction)) line(`API calls: ${action}`, count)
line('API calls per minute of polling every 10 s', calls.perMinute)
line(
  'Idle 100-row page: main-thread busy per minute',
  `${idle.relative.toFixed(0)} ms (Relative), ${idle.utc.toFixed(0)} ms (UTC)`,
)
line('Phone (390 px, 4x CPU): cumulative layout shift', shift.toFixed(3))
line('Eager JS+CSS (gzip)', `${(eager / 1024).toFixed(1)} KB of 120 KB`)
const size = OVERVIEW_SIZE.toLocaleString('en-US')
line(
  `Overview first paint after the list (${size}, warm index)`,
  `${median(firstPaint).toFixed(1)} ms (target 100 ms)`,
)
line(
  `Switching windows: change → counts and list in the DOM (${size})`,
  `${ms(switches, 'toDom')} (target 150 ms; ${switches.length} switches)`,
)
line(`Switching windows: change → next frame (${size})`, ms(switches, 'toFrame'))
