/* global window, document, MutationObserver, requestAnimationFrame */
// bench:ui's timings of one render (used by bench-ui.mjs and bench-ab.mjs): the "Page size: 100" answer to
// rows in the DOM, its main-thread work and longest task from a CDP trace, and a prefetched Next page.
import { inDisplayMenu } from './benchSupport.mjs'

/**
 * In the page: resolves when `count` rows (a first row other than `notFirst`) are in the DOM, and a frame later,
 * with the time the first screenful (30 rows, or `count` if fewer) was there too.
 */
function watchRows(count, notFirst) {
  window.__rows = new Promise((resolve) => {
    const rows = () => document.querySelectorAll('#executions-list tbody tr[data-row-id]')
    const fresh = () => rows()[0]?.dataset.rowId !== notFirst
    let first = null
    const observer = new MutationObserver(() => {
      if (!fresh()) return
      first ??= rows().length >= Math.min(30, count) ? performance.now() : null
      if (rows().length < count) return
      observer.disconnect()
      const inDom = performance.now()
      requestAnimationFrame(() => setTimeout(() => resolve({ first, inDom, frame: performance.now() })))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  })
}

/** In the page, before its scripts: counts the timers set with no delay (TanStack Query's notifications are such). */
function countZeroDelayTimers() {
  const setTimeout = window.setTimeout
  window.__zeroDelayTimers = 0
  window.setTimeout = function (handler, delay, ...rest) {
    if (!delay) window.__zeroDelayTimers += 1
    return setTimeout.call(this, handler, delay, ...rest)
  }
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
  let longest = 0
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(thread)) continue
    // Tasks that end after the answer arrived; a task that spans the arrival counts from it.
    const from = Math.max(e.ts, finished?.ts ?? 0)
    if (e.ts + e.dur <= from) continue
    busy.set(thread, (busy.get(thread) ?? 0) + e.ts + e.dur - from)
    longest = Math.max(longest, e.ts + e.dur - from)
  }
  return { busy: Math.max(0, ...busy.values()) / 1000, longest: longest / 1000 }
}

/** The measures, in pages of `browser` opened on the dashboard at `origin`. */
export function renderMeasures(browser, origin) {
  /** A page that can call window.__watchRows(count, notFirst). */
  async function newPage(options) {
    const page = await browser.newPage({
      baseURL: origin,
      viewport: { width: 1440, height: 900 },
      ...options,
    })
    await page.addInitScript(`window.__watchRows = ${watchRows.toString()}`)
    await page.addInitScript(`(${countZeroDelayTimers.toString()})()`)
    return page
  }

  async function openList(path, throttle = 1) {
    const page = await newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
    await page.goto(path)
    await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
    await page.locator('#executions-list tbody tr[data-row-id]').first().waitFor()
    return Object.assign(page, { cdp })
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
    const { busy, longest } = renderBusyMs(trace)
    return { toDom: inDom - answered, toFrame: frame - answered, busy, longest, elements }
  }

  /** The renderer's script time so far, in ms (CDP Performance metrics). */
  async function scriptMs(cdp) {
    const { metrics } = await cdp.send('Performance.getMetrics')
    return metrics.find((metric) => metric.name === 'ScriptDuration').value * 1000
  }

  /**
   * Click on a prefetched Next → the first screenful and `count` rows of the new page in the DOM (all of them unless
   * said), and the frame after; the new rows the first frame after the click showed, the zero-delay timers set and
   * the script time spent from the click to that frame.
   */
  async function prefetchedNext(size, count = size) {
    const page = await openList(`/?size=${size}`)
    await page.cdp.send('Performance.enable')
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
        document.addEventListener(
          'click',
          () => {
            window.__clicked = performance.now()
            window.__timersAtClick = window.__zeroDelayTimers
            // The frame that follows the click's task: how many of the new rows it shows.
            requestAnimationFrame(() => {
              const rows = document.querySelectorAll('#executions-list tbody tr[data-row-id]')
              window.__rowsAtFrame = rows[0]?.dataset.rowId === notFirst ? 0 : rows.length
            })
          },
          { capture: true, once: true },
        )
        window.__watchRows(count, notFirst)
      },
      [count, first],
    )
    const scriptBefore = await scriptMs(page.cdp)
    await next.click()
    const rows = await page.evaluate(() => window.__rows)
    const scriptAfter = await scriptMs(page.cdp)
    const inPage = await page.evaluate(() => ({
      clicked: window.__clicked,
      timers: window.__zeroDelayTimers - window.__timersAtClick,
      rowsAtFrame: window.__rowsAtFrame,
    }))
    await page.close()
    return {
      firstToDom: rows.first - inPage.clicked,
      toDom: rows.inDom - inPage.clicked,
      toFrame: rows.frame - inPage.clicked,
      rowsAtFrame: inPage.rowsAtFrame,
      timers: inPage.timers,
      scriptMs: scriptAfter - scriptBefore,
    }
  }

  return { newPage, pageSize100, prefetchedNext }
}
