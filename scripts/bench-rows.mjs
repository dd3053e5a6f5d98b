// npm run bench:rows [-- --runs 5 --seconds 20 --base DIR]: what a 100-row page costs, in headless Chromium against
// the production build. The render: the "Page size: 100" answer to rows in the DOM and the next frame, its
// main-thread time and longest task (at 1x and 4x CPU) and DOM elements per row; a prefetched Next of 100 rows from
// the click to the first screenful, to all rows and to the next frame, how many new rows the first frame after the
// click shows, the zero-delay timers set and the script time. Over time (skipped with --seconds 0): main-thread task time per minute of a 100-row page left open, in three conditions measured in
// alternation in one run: auto-refresh off (the baseline), auto-refresh on over a frozen demo (every refresh
// changes nothing) and auto-refresh on over the live demo (a few rows change every few seconds). Prints medians
// and each against the baseline. With --base (a directory holding another checkout's dist/ and dist-server/, as for
// bench:ab), every measure is taken of both builds, alternating which goes first, and the table adds their ratio.
// `npm run build` first.
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import {
  chromiumPath,
  inDisplayMenu,
  median,
  requireBuild,
  startDemo,
  startProduction,
} from './benchSupport.mjs'
import { taskMsPerMinute } from './benchUiExtras.mjs'
import { renderMeasures } from './benchUiRender.mjs'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '20' },
    base: { type: 'string' },
  },
})
const RUNS = Number(values.runs)
const SECONDS = Number(values.seconds)
const base = values.base ? resolve(values.base) : null
if (base && !existsSync(join(base, 'dist-server/production.js')))
  throw new Error('--base must be a directory with another build’s dist/ and dist-server/')
requireBuild()

const token = 'bench-token'
const frozenApi = await startDemo(token)
/** Per build: a server over the frozen demo and one over the live demo. */
const servers = { this: { frozen: await startProduction(frozenApi.url, token) } }
if (base) servers.base = { frozen: await startProduction(frozenApi.url, token, {}, base) }
const builds = Object.keys(servers)
const browser = await chromium.launch({ executablePath: chromiumPath() })

/** Main-thread task time per minute of an open 100-row page, over `SECONDS`. */
async function busyPerMinute(origin, autoRefresh) {
  const page = await browser.newPage({ baseURL: origin, viewport: { width: 1440, height: 900 } })
  await page.goto('/?size=100')
  await inDisplayMenu(page, (menu) =>
    menu.getByRole('checkbox', { name: 'Auto-refresh' }).setChecked(autoRefresh),
  )
  await page.locator('#executions-list tbody tr[data-row-id]').nth(99).waitFor()
  await page.waitForLoadState('networkidle')
  const perMinute = await taskMsPerMinute(page, SECONDS)
  await page.close()
  return perMinute
}

const RENDER = {
  toDom: 'Page size 100: answer → rows in the DOM',
  toFrame: 'Page size 100: answer → next frame',
  busy: 'Page size 100: main-thread time after the answer',
  longest1: 'Page size 100: longest main-thread task after the answer (1x)',
  longest4: 'Page size 100: longest main-thread task after the answer (4x)',
  elementsInRows: 'DOM elements per row (the row and what is in it)',
  elementsPerPage: 'DOM elements of the whole page per row',
  nextFirst: 'Prefetched Next, 100 rows: click → first 30 in the DOM',
  nextDom: 'Prefetched Next, 100 rows: click → all 100 in the DOM',
  nextFrame: 'Prefetched Next, 100 rows: click → next frame',
  nextAtFrame: 'Prefetched Next, 100 rows: new rows in the first frame',
  nextTimers: 'Prefetched Next, 100 rows: zero-delay timers set',
  nextScript: 'Prefetched Next, 100 rows: script time',
}
const COUNTS = new Set(['elementsInRows', 'elementsPerPage', 'nextAtFrame', 'nextTimers'])
const MEASURES = [...Object.keys(RENDER), 'off', 'frozen', 'live']
const figures = Object.fromEntries(
  builds.map((build) => [build, Object.fromEntries(MEASURES.map((m) => [m, []]))]),
)
/** Alternates the builds' order run by run, so a busy minute of this machine does not fall on one side only. */
const orderOf = (run) => (run % 2 === 0 ? builds : [...builds].reverse())
const loadBefore = loadavg()
// The renders first, before the live demo and its servers start working beside them.
for (let run = 0; run < RUNS; run += 1)
  for (const build of orderOf(run)) {
    const render = renderMeasures(browser, servers[build].frozen.origin)
    const size100 = await render.pageSize100(1)
    const next = await render.prefetchedNext(100)
    const taken = {
      toDom: size100.toDom,
      toFrame: size100.toFrame,
      busy: size100.busy,
      longest1: size100.longest,
      longest4: (await render.pageSize100(4)).longest,
      elementsInRows: size100.elements.inRows,
      elementsPerPage: size100.elements.page,
      nextFirst: next.firstToDom,
      nextDom: next.toDom,
      nextFrame: next.toFrame,
      nextAtFrame: next.rowsAtFrame,
      nextTimers: next.timers,
      nextScript: next.scriptMs,
    }
    for (const [measure, value] of Object.entries(taken)) figures[build][measure].push(value)
  }
const overTime = SECONDS > 0
const liveApi = overTime ? await startDemo(token, [], { frozen: false }) : null
if (liveApi)
  for (const build of builds)
    servers[build].live = await startProduction(
      liveApi.url,
      token,
      {},
      build === 'base' ? base : process.cwd(),
    )
for (let run = 0; overTime && run < RUNS; run += 1) {
  for (const build of orderOf(run)) {
    figures[build].off.push(await busyPerMinute(servers[build].frozen.origin, false))
    figures[build].frozen.push(await busyPerMinute(servers[build].frozen.origin, true))
    figures[build].live.push(await busyPerMinute(servers[build].live.origin, true))
  }
  process.stdout.write('.')
}
const loadAfter = loadavg()
await browser.close()
for (const server of Object.values(servers).flatMap((pair) => Object.values(pair))) server.child.kill()
frozenApi.child.kill()
liveApi?.child.kill()

const ms = (value) => `${value.toFixed(1)} ms`
const at = (build, measure) => median(figures[build][measure])
const load = (list) => list.map((figure) => figure.toFixed(2)).join(' ')
console.log(
  `\n\nA 100-row page, production build, headless Chromium, median of ${RUNS} runs; load average ` +
    `${load(loadBefore)} before, ${load(loadAfter)} after\n`,
)
const header = builds.flatMap((build) => [`${base ? `${build}: ` : ''}figure`, 'vs off'])
if (base) header.push('this / base')
console.log(`${'measure'.padEnd(62)} | ${header.map((cell) => cell.padEnd(12)).join(' | ')}`)
const LABELS = {
  ...RENDER,
  ...(overTime && {
    off: 'Main thread per minute, auto-refresh off (baseline)',
    frozen: 'Main thread per minute, auto-refresh on, nothing changes',
    live: 'Main thread per minute, auto-refresh on, live demo',
  }),
}
for (const [measure, label] of Object.entries(LABELS)) {
  const perMinute = ['off', 'frozen', 'live'].includes(measure)
  const figure = (value) => (COUNTS.has(measure) ? value.toFixed(1) : ms(value))
  const cells = builds.flatMap((build) => [
    figure(at(build, measure)),
    perMinute ? `${(at(build, measure) / at(build, 'off')).toFixed(2)}×` : '',
  ])
  if (base) cells.push(`${(at('this', measure) / at('base', measure)).toFixed(2)}×`)
  console.log(`${label.padEnd(62)} | ${cells.map((cell) => cell.padEnd(12)).join(' | ')}`)
}
