/* global window, document, MutationObserver */
import { chromium } from '@playwright/test'
import { chromiumPath, startDemo, startProduction } from './benchSupport.mjs'

const FIRST_ROW = '#executions-list tbody tr[data-row-id]'
/** Quiet this long (no request started or finished, the live stream aside) is idle. */
const QUIET_MS = 2_000

/**
 * What a browser fetches to show the list, measured from Chromium in front of the production server and a frozen
 * demo API (issue 49 §1): bodies' bytes on the wire (as sent, compressed; headers left out) and files before the first row is in the DOM and
 * until the page is quiet, and the dashboard API calls made before the first row. The live stream's bytes are left
 * out (it never ends); its request counts as a call.
 */
export async function browserFirstLoad(cwd = process.cwd()) {
  const token = 'size-token'
  const api = await startDemo(token)
  const server = await startProduction(api.url, token, {}, cwd)
  const browser = await chromium.launch({ executablePath: chromiumPath() })
  try {
    const page = await browser.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    // When the first row entered the DOM, by the page's clock (wall time): a poll from here would be late.
    await page.addInitScript((selector) => {
      const seen = () => {
        if (window.__firstRowAt || !document.querySelector(selector)) return
        window.__firstRowAt = performance.timeOrigin + performance.now()
      }
      new MutationObserver(seen).observe(document, { childList: true, subtree: true })
    }, FIRST_ROW)
    const requests = new Map()
    let lastActivity = Date.now()
    cdp.on('Network.requestWillBeSent', ({ requestId, request, wallTime }) => {
      lastActivity = Date.now()
      requests.set(requestId, {
        url: new URL(request.url),
        sentAt: wallTime * 1000,
        finishedAt: Infinity,
        bytes: 0,
        head: 0,
        done: false,
        stream: false,
      })
    })
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const entry = requests.get(requestId)
      if (!entry) return
      entry.stream = /event-stream/.test(response.mimeType)
      // What came before the body: the headers (CDP counts them in the request's total).
      entry.head = response.encodedDataLength
    })
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      lastActivity = Date.now()
      const entry = requests.get(requestId)
      if (!entry) return
      Object.assign(entry, {
        bytes: Math.max(0, encodedDataLength - entry.head),
        done: true,
        finishedAt: Date.now(),
      })
    })
    /** What had been asked (and what had come) by `at`, a wall time in ms. */
    const snapshot = (at = Infinity) => {
      const list = [...requests.values()].filter((entry) => entry.sentAt <= at)
      const finished = list.filter((entry) => entry.done && entry.finishedAt <= at && !entry.stream)
      return {
        bytes: finished.reduce((sum, entry) => sum + entry.bytes, 0),
        files: finished.filter((entry) => !entry.url.pathname.startsWith('/api/')).length,
        apiCalls: list
          .filter((entry) => entry.url.pathname.startsWith('/api/'))
          .map((entry) => entry.url.pathname),
      }
    }
    const started = Date.now()
    await page.goto(server.origin)
    await page.waitForSelector(FIRST_ROW)
    const rowAt = await page.evaluate(() => window.__firstRowAt)
    const firstRow = { ...snapshot(rowAt), ms: Math.round(rowAt - started) }
    while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100)
    const idle = snapshot()
    return { firstRow, idle }
  } finally {
    await browser.close()
    server.child.kill()
    api.child.kill()
  }
}
