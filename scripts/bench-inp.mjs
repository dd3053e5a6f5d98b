/* global window, document, requestAnimationFrame */
// npm run bench:inp [-- --runs 5]: interaction to next paint on a 100-row page, at 1x and at 4x CPU, in headless
// Chromium against the production build and a frozen demo API. Each run opens `/?size=100` (auto-refresh off) and
// takes five interactions an operator takes on it: Next page (100 new rows), Arrow Down through rows, the Failed
// state filter (a new list), Enter on a row (the attempts panel) and Esc. The browser's Event Timing entries give each
// its time from input to the next paint; a run's INP is its worst (fewer than 50 interactions). Medians of --runs.
// With --base (a directory holding another checkout's dist/ and dist-server/, as for bench:ab), each run measures
// the base and this build in alternating order, and the table gives both and their ratio. `npm run build` first.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import {
  chromiumPath,
  median,
  requireBuild,
  startDemo,
  startProduction,
  inDisplayMenu,
} from './benchSupport.mjs'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, base: { type: 'string' } },
})
const RUNS = Number(values.runs)
const base = values.base ? resolve(values.base) : null
if (base && !existsSync(join(base, 'dist-server/production.js')))
  throw new Error('--base must be a directory with another build’s dist/ and dist-server/')
requireBuild()

/** In the page: every interaction's longest Event Timing entry, by interaction id. */
function observeInteractions() {
  window.__interactions = new Map()
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue
      const seen = window.__interactions.get(entry.interactionId) ?? 0
      window.__interactions.set(entry.interactionId, Math.max(seen, entry.duration))
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

const firstRowId = (page) =>
  page.locator('#executions-list tbody tr[data-row-id]').first().getAttribute('data-row-id')
/** Two frames after the page settled: Event Timing reports an interaction once its next paint happened. */
const settle = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/** The longest interaction since the last call, in ms (0 when none was slower than 16 ms). */
async function worstSince(page) {
  await settle(page)
  return page.evaluate(() => {
    const worst = Math.max(0, ...window.__interactions.values())
    window.__interactions.clear()
    return worst
  })
}

async function run(browser, origin, throttle) {
  const page = await browser.newPage({ baseURL: origin, viewport: { width: 1440, height: 900 } })
  const cdp = await page.context().newCDPSession(page)
  await page.addInitScript(`(${observeInteractions.toString()})()`)
  await page.goto('/?size=100')
  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  await page.locator('#executions-list tbody tr[data-row-id]').nth(99).waitFor()
  await worstSince(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  const figures = {}

  const before = await firstRowId(page)
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await page.waitForFunction(
    (id) => document.querySelector('#executions-list tbody tr[data-row-id]')?.dataset.rowId !== id,
    before,
  )
  await page.locator('#executions-list tbody tr[data-row-id]').nth(99).waitFor()
  figures.next = await worstSince(page)

  await page.locator('#executions-list tbody tr[data-row-id]').first().focus()
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowDown')
  figures.arrows = await worstSince(page)

  const listed = await firstRowId(page)
  await page
    .getByRole('group', { name: 'State', exact: true })
    .getByRole('checkbox', { name: 'Failed' })
    .check()
  await page.waitForFunction(
    (id) => document.querySelector('#executions-list tbody tr[data-row-id]')?.dataset.rowId !== id,
    listed,
  )
  figures.filter = await worstSince(page)

  await page.locator('#executions-list tbody tr[data-row-id]').first().focus()
  await page.keyboard.press('Enter')
  await page.getByRole('region', { name: /^Attempts of / }).waitFor()
  figures.open = await worstSince(page)
  await page.keyboard.press('Escape')
  await page.getByRole('region', { name: /^Attempts of / }).waitFor({ state: 'detached' })
  figures.close = await worstSince(page)

  await page.close()
  figures.inp = Math.max(...Object.values(figures))
  return figures
}

const token = 'bench-token'
const api = await startDemo(token)
const servers = { this: await startProduction(api.url, token) }
if (base) servers.base = await startProduction(api.url, token, {}, base)
const builds = Object.keys(servers)
const browser = await chromium.launch({ executablePath: chromiumPath() })
const results = Object.fromEntries(builds.map((build) => [build, { 1: [], 4: [] }]))
const loadBefore = loadavg()
for (let index = 0; index < RUNS; index += 1) {
  // Alternate the builds' order run by run, so a busy minute of this machine does not fall on one side only.
  const order = index % 2 === 0 ? builds : [...builds].reverse()
  for (const build of order)
    for (const throttle of [1, 4])
      results[build][throttle].push(await run(browser, servers[build].origin, throttle))
  process.stdout.write('.')
}
const loadAfter = loadavg()
await browser.close()
for (const server of Object.values(servers)) server.child.kill()
api.child.kill()

const LABELS = {
  next: 'Next page (100 rows)',
  arrows: 'Arrow Down ×5 (worst)',
  filter: 'State filter Failed',
  open: 'Enter: attempts panel',
  close: 'Esc: panel closes',
  inp: 'INP (worst of the run)',
}
const load = (figures) => figures.map((figure) => figure.toFixed(2)).join(' ')
console.log(
  `\n\nInteraction to next paint, 100-row page, 1440×900, median of ${RUNS} runs (0: under 16 ms); load average ` +
    `${load(loadBefore)} before, ${load(loadAfter)} after\n`,
)
const columns = builds.flatMap((build) => [1, 4].map((throttle) => ({ build, throttle })))
const heading = (build, throttle) => `${base ? `${build} ` : ''}${throttle}x`
console.log(
  `${'interaction'.padEnd(26)}${columns.map(({ build, throttle }) => heading(build, throttle).padStart(10)).join('')}` +
    `${base ? `${'ratio 1x'.padStart(10)}${'ratio 4x'.padStart(10)}` : ''}`,
)
for (const [key, label] of Object.entries(LABELS)) {
  const at = (build, throttle) => median(results[build][throttle].map((figures) => figures[key]))
  const cells = columns.map(({ build, throttle }) => `${at(build, throttle).toFixed(0)} ms`.padStart(10))
  const ratios = base
    ? [1, 4].map((throttle) => {
        const before = at('base', throttle)
        return (before === 0 ? '–' : `${(at('this', throttle) / before).toFixed(2)}×`).padStart(10)
      })
    : []
  console.log(`${label.padEnd(26)}${cells.join('')}${ratios.join('')}`)
}
