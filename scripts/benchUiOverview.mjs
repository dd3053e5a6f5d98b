/* global window, document, MutationObserver, requestAnimationFrame */
// bench:ui's overview measures, on a warm index of 100,000 executions: the overview's counts drawn after the
// list's rows on a first load, and choosing another Time window to its counts and list drawn for it.
import { startDemo, startProduction } from './benchSupport.mjs'

const ROWS = '#executions-list tbody tr[data-row-id]'
const COUNTS = 'section.overview ul.overview-counts'
const TOTAL = 'section.overview .overview-total strong'
/** Windows chosen one after the other on one page: each new to it, so no answer comes from the browser's cache. */
const SWITCHES = ['24h', '1h', '7d', '6h']

/**
 * The demo API with `size` executions behind the production server, once GET /api/overview says exact. The
 * budget is raised so the index is built in seconds; what is measured is the warm index.
 */
export async function warmIndex(token, size) {
  const api = await startDemo(token, ['--size', String(size), '--max-page', '1000'])
  const server = await startProduction(api.url, token, {
    DASHBOARD_UPSTREAM_RATE: '50',
    DASHBOARD_UPSTREAM_BURST: '20',
  })
  const deadline = Date.now() + 600_000
  for (;;) {
    const answer = await (await fetch(`${server.origin}/api/overview`)).json()
    if (answer.coverage?.kind === 'exact' && answer.total === size) break
    if (Date.now() > deadline) throw new Error(`the index stayed ${JSON.stringify(answer.coverage)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    origin: server.origin,
    close() {
      server.child.kill()
      api.child.kill()
    },
  }
}

/** In the page, from its start: when the list's first rows and the overview's counts reach the DOM. */
function watchFirstPaint([rows, counts]) {
  performance.setResourceTimingBufferSize(10_000)
  window.__firstPaint = new Promise((resolve) => {
    let rowsAt = null
    let countsAt = null
    const observer = new MutationObserver(() => {
      if (rowsAt === null && document.querySelector(rows)) rowsAt = performance.now()
      if (countsAt === null && document.querySelector(counts)) countsAt = performance.now()
      if (rowsAt === null || countsAt === null) return
      observer.disconnect()
      requestAnimationFrame(() => setTimeout(() => resolve({ rowsAt, countsAt, frame: performance.now() })))
    })
    observer.observe(document, { subtree: true, childList: true })
  })
}

/**
 * In the page: from the Time window's change event to the overview's total changed, the list's answer for
 * `preset` arrived and the table no longer busy, in the DOM and a frame later.
 */
function watchSwitch([preset, rows, total]) {
  const before = document.querySelector(total)?.textContent
  const select = document.querySelector('section.overview select')
  let changedAt = null
  select.addEventListener('change', () => (changedAt = performance.now()), { capture: true, once: true })
  const listed = () =>
    performance
      .getEntriesByType('resource')
      .some(
        (entry) =>
          entry.name.includes('/api/index/executions') &&
          entry.name.includes(`window=${preset}`) &&
          entry.startTime >= changedAt,
      )
  const done = () => {
    const now = document.querySelector(total)?.textContent
    const table = document.querySelector('#executions-list')
    return (
      changedAt !== null &&
      now !== undefined &&
      now !== before &&
      table?.getAttribute('aria-busy') === 'false' &&
      document.querySelector(rows) !== null &&
      listed()
    )
  }
  window.__switched = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!done()) return
      observer.disconnect()
      const inDom = performance.now()
      requestAnimationFrame(() => setTimeout(() => resolve({ changedAt, inDom, frame: performance.now() })))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })
}

/** One run: a first load of the list (any time), then each window of SWITCHES chosen in turn. */
export async function overviewRun(browser, origin) {
  const page = await browser.newPage({ baseURL: origin, viewport: { width: 1440, height: 900 } })
  await page.addInitScript(watchFirstPaint, [ROWS, COUNTS])
  await page.goto('/')
  const first = await page.evaluate(() => window.__firstPaint)
  const switches = []
  const control = page
    .getByRole('region', { name: 'Overview' })
    .getByRole('combobox', { name: 'Time window' })
  for (const preset of SWITCHES) {
    await page.evaluate(watchSwitch, [preset, ROWS, TOTAL])
    await control.selectOption(preset)
    const { changedAt, inDom, frame } = await page.evaluate(() => window.__switched)
    switches.push({ toDom: inDom - changedAt, toFrame: frame - changedAt })
  }
  await page.close()
  // Counts drawn before the rows are not after them: 0.
  return { firstPaint: first.countsAt <= first.rowsAt ? 0 : first.frame - first.rowsAt, switches }
}
