/* global window, document, requestAnimationFrame */
// npm run bench:inp [-- --runs 5]: interaction to next paint on a 100-row page, at 1x and at 4x CPU, in headless
// Chromium against the production build and a frozen demo API. Each run opens `/?size=100` (auto-refresh off) and
// takes five interactions an operator takes on it: Next page (100 new rows), Arrow Down through rows, the Failed
// state filter (a new list), Enter on a row (the attempts panel) and Esc. The browser's Event Timing entries give each
// its time from input to the next paint; a run's INP is its worst (fewer than 50 interactions). Medians of --runs.
// `npm run build` first.
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumPath, median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const RUNS = Number(values.runs)
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
  await page.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck()
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
const server = await startProduction(api.url, token)
const browser = await chromium.launch({ executablePath: chromiumPath() })
const results = { 1: [], 4: [] }
for (let index = 0; index < RUNS; index += 1) {
  for (const throttle of [1, 4]) results[throttle].push(await run(browser, server.origin, throttle))
  process.stdout.write('.')
}
await browser.close()
server.child.kill()
api.child.kill()

const LABELS = {
  next: 'Next page (100 rows)',
  arrows: 'Arrow Down ×5 (worst)',
  filter: 'State filter Failed',
  open: 'Enter: attempts panel',
  close: 'Esc: panel closes',
  inp: 'INP (worst of the run)',
}
console.log(
  `\n\nInteraction to next paint, 100-row page, 1440×900, median of ${RUNS} runs (0: under 16 ms)\n`,
)
console.log(`${'interaction'.padEnd(26)}${'1x CPU'.padStart(10)}${'4x CPU'.padStart(10)}`)
for (const [key, label] of Object.entries(LABELS)) {
  const at = (throttle) => `${median(results[throttle].map((figures) => figures[key])).toFixed(0)} ms`
  console.log(`${label.padEnd(26)}${at(1).padStart(10)}${at(4).padStart(10)}`)
}
