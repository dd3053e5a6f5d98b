// npm run bench:ui [-- --runs 10]: how fast the executions list draws, in headless Chromium against the
// production build and a frozen demo API. Prints medians of --runs runs: the "Page size: 100" answer to rows
// in the DOM and to the next frame, main-thread busy time for it (CDP trace), the same at 4x CPU
// throttling, DOM elements per row, a prefetched Next page at 20 and 100 rows, API calls per action and per
// minute of polling, idle main-thread time, layout shift on a phone, and the eager JS+CSS size.
// `npm run build` first.
/* global window, document, MutationObserver, requestAnimationFrame */
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumPath, median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'
import { eagerAssets } from './eagerAssets.mjs'
import { countCalls, idleBusyPerMinute, phoneLayoutShift } from './benchUiExtras.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } })
const RUNS = Number(values.runs)
requireBuild()
const executablePath = chromiumPath()

const token = 'bench-token'
const api = await startDemo(token)
const server = await startProduction(api.url, token)
const browser = await chromium.launch({ executablePath })

/** In the page: resolves when `count` rows (a first row other than `notFirst`) are in the DOM, and a frame later. */
function watchRows(count, notFirst) {
  window.__rows = new Promise((resolve) => {
    const rows = () => document.querySelectorAll('#executions-list tbody tr[data-row-id]')
    const done = () => rows().length >= count && rows()[0]?.dataset.rowId !== notFirst
    const observer = new MutationObserver(() => {
      if (!done()) return
      observer.disconnect()
      const inDom = performance.now()
      requestAnimationFrame(() => setTimeout(() => resolve({ inDom, frame: performance.now() })))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  })
}

/**
 * Sums the top-level tasks of the page's renderer main thread from the moment the list answer finished
 * arriving: the work of drawing it, not of asking for it.
 */
function renderBusyMs(trace) {
  const events = JSON.parse(trace.toString()).traceEvents
  const sent = events.filter(
    (e) => e.name === 'ResourceSendRequest' && /\/api\/executions$/.test(e.args?.data?.url),
  )
  const requestId = sent.at(-1)?.args.data.requestId
  const finished = events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === requestId)
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const busy = new Map()
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(thread)) continue
    // Tasks that end after the answer arrived; a task that spans the arrival counts from it.
    const from = Math.max(e.ts, finished?.ts ?? 0)
    if (e.ts + e.dur > from) busy.set(thread, (busy.get(thread) ?? 0) + e.ts + e.dur - from)
  }
  return Math.max(0, ...busy.values()) / 1000
}

/** A page that can call window.__watchRows(count, notFirst). */
async function newPage(options) {
  const page = await browser.newPage({
    baseURL: server.origin,
    viewport: { width: 1440, height: 900 },
    ...options,
  })
  await page.addInitScript(`window.__watchRows = ${watchRows.toString()}`)
  return page
}

async function openList(path, throttle = 1) {
  const page = await newPage()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  await page.goto(path)
  await page.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck()
  await page.locator('#executions-list tbody tr[data-row-id]').first().waitFor()
  return page
}

async function pageSize100(throttle) {
  const page = await openList('/', throttle)
  await page.evaluate(() => window.__watchRows(100))
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'toplevel', 'disabled-by-default-devtools.timeline'],
  })
  await page.getByRole('combobox', { name: 'Page size' }).first().selectOption('100')
  const { inDom, frame } = await page.evaluate(() => window.__rows)
  const trace = await browser.stopTracing()
  const answered = await page.evaluate(() => {
    const calls = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/executions'))
    return calls.at(-1).responseEnd
  })
  const elements = await page.evaluate(() => {
    const rows = document.querySelectorAll('#executions-list tbody tr[data-row-id]')
    const inRows = [...rows].reduce((sum, row) => sum + 1 + row.querySelectorAll('*').length, 0)
    return { inRows: inRows / rows.length, page: document.querySelectorAll('*').length / rows.length }
  })
  await page.close()
  return { toDom: inDom - answered, toFrame: frame - answered, busy: renderBusyMs(trace), elements }
}

async function prefetchedNext(size) {
  const page = await openList(`/?size=${size}`)
  const next = page.getByRole('button', { name: 'Next page' }).first()
  const prefetched = page.waitForResponse((r) => r.url().endsWith('/api/executions'))
  await next.hover()
  await prefetched
  const first = await page
    .locator('#executions-list tbody tr[data-row-id]')
    .first()
    .getAttribute('data-row-id')
  await page.evaluate(
    ([count, notFirst]) => {
      window.__clicked = 0
      document.addEventListener('click', () => (window.__clicked = performance.now()), {
        capture: true,
        once: true,
      })
      window.__watchRows(count, notFirst)
    },
    [size, first],
  )
  await next.click()
  const { inDom, frame } = await page.evaluate(() => window.__rows)
  const clicked = await page.evaluate(() => window.__clicked)
  await page.close()
  return { toDom: inDom - clicked, toFrame: frame - clicked }
}

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
await browser.close()
server.child.kill()
api.child.kill()

const ms = (list, key) => `${median(list.map((r) => r[key])).toFixed(1)} ms`
const eager = eagerAssets('dist').reduce((sum, asset) => sum + asset.gzip, 0)
console.log(
  `\n\nExecutions list, production build, frozen demo API, headless Chromium, median of ${RUNS} runs\n`,
)
console.log(`${'measure'.padEnd(58)} | figure`)
console.log(`${'-'.repeat(58)} | ------`)
const line = (name, value) => console.log(`${name.padEnd(58)} | ${value}`)
line('Page size 100: answer → rows in the DOM', ms(size100, 'toDom'))
line('Page size 100: answer → next frame', ms(size100, 'toFrame'))
line('Page size 100: main-thread busy after the answer (trace)', ms(size100, 'busy'))
line('Page size 100 at 4x CPU throttling: answer → DOM', ms(size100Slow, 'toDom'))
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
