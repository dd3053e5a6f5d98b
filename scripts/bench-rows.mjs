// npm run bench:rows [-- --runs 5 --seconds 20]: what a 100-row page costs, in headless Chromium against the
// production build. The render: the longest main-thread task after the "Page size: 100" answer, at 1x and 4x CPU.
// Over time: main-thread task time per minute of a 100-row page left open, in three conditions measured in
// alternation in one run: auto-refresh off (the baseline), auto-refresh on over a frozen demo (every refresh
// changes nothing) and auto-refresh on over the live demo (a few rows change every few seconds). Prints medians
// and each against the baseline. `npm run build` first.
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumPath, median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'
import { taskMsPerMinute } from './benchUiExtras.mjs'
import { renderMeasures } from './benchUiRender.mjs'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, seconds: { type: 'string', default: '20' } },
})
const RUNS = Number(values.runs)
const SECONDS = Number(values.seconds)
requireBuild()

const token = 'bench-token'
const frozenApi = await startDemo(token)
const frozen = await startProduction(frozenApi.url, token)
const browser = await chromium.launch({ executablePath: chromiumPath() })
const render = renderMeasures(browser, frozen.origin)

/** Main-thread task time per minute of an open 100-row page, over `SECONDS`. */
async function busyPerMinute(origin, autoRefresh) {
  const page = await browser.newPage({ baseURL: origin, viewport: { width: 1440, height: 900 } })
  await page.goto('/?size=100')
  const toggle = page.getByRole('checkbox', { name: 'Auto-refresh' })
  await toggle.setChecked(autoRefresh)
  await page.locator('#executions-list tbody tr[data-row-id]').nth(99).waitFor()
  await page.waitForLoadState('networkidle')
  const perMinute = await taskMsPerMinute(page, SECONDS)
  await page.close()
  return perMinute
}

const figures = { longest1: [], longest4: [], off: [], frozen: [], live: [] }
// The renders first, before the live demo and its server start working beside them.
for (let run = 0; run < RUNS; run += 1) {
  figures.longest1.push((await render.pageSize100(1)).longest)
  figures.longest4.push((await render.pageSize100(4)).longest)
}
const liveApi = await startDemo(token, [], { frozen: false })
const live = await startProduction(liveApi.url, token)
for (let run = 0; run < RUNS; run += 1) {
  figures.off.push(await busyPerMinute(frozen.origin, false))
  figures.frozen.push(await busyPerMinute(frozen.origin, true))
  figures.live.push(await busyPerMinute(live.origin, true))
  process.stdout.write('.')
}
await browser.close()
for (const child of [frozen, live, frozenApi, liveApi]) child.child.kill()

const ms = (list) => `${median(list).toFixed(1)} ms`
const base = median(figures.off)
const ratio = (list) => `${(median(list) / base).toFixed(2)}×`
console.log(`\n\nA 100-row page, production build, headless Chromium, median of ${RUNS} runs\n`)
console.log(`${'measure'.padEnd(62)} | figure     | against auto-refresh off`)
console.log(`${'-'.repeat(62)} | ---------- | ------------------------`)
const line = (name, value, against = '') =>
  console.log(`${name.padEnd(62)} | ${value.padEnd(10)} | ${against}`)
line('Page size 100: longest main-thread task after the answer (1x)', ms(figures.longest1))
line('Page size 100: longest main-thread task after the answer (4x)', ms(figures.longest4))
line('Main thread per minute, auto-refresh off (baseline)', ms(figures.off), '1.00×')
line('Main thread per minute, auto-refresh on, nothing changes', ms(figures.frozen), ratio(figures.frozen))
line('Main thread per minute, auto-refresh on, live demo', ms(figures.live), ratio(figures.live))
