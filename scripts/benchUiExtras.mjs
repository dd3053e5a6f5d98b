/* global window */
// The parts of bench:ui that count and wait rather than time one render: API calls, idle work, layout shift.
import { inDisplayMenu } from './benchSupport.mjs'

const isListCall = (request) => request.url().endsWith('/api/executions') && request.method() === 'POST'
const rows = (page) => page.locator('#executions-list tbody tr[data-row-id]')

/** API list calls per action, and per minute of polling every 10 s (measured over 30 s). */
export async function countCalls(newPage) {
  const page = await newPage()
  let calls = 0
  page.on('request', (request) => (calls += isListCall(request) ? 1 : 0))
  const count = async (action) => {
    calls = 0
    await action()
    await page.waitForLoadState('networkidle')
    return calls
  }
  const perAction = {}
  perAction['first load'] = await count(async () => {
    await page.goto('/')
    await rows(page).first().waitFor()
  })
  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  perAction['a filter change'] = await count(() =>
    page.getByRole('group', { name: 'State', exact: true }).getByRole('checkbox', { name: 'Failed' }).check(),
  )
  perAction['page size 100'] = await count(() =>
    page.getByRole('combobox', { name: 'Page size' }).first().selectOption('100'),
  )
  perAction['Next (pointed at, then clicked)'] = await count(async () => {
    const next = page.getByRole('button', { name: 'Next page' }).first()
    await next.hover()
    await next.click()
  })
  await page.close()

  // Real time, not a fake clock: the polls must run as they do for a user (10 s, the default).
  const polling = await newPage()
  let polls = 0
  polling.on('request', (request) => (polls += isListCall(request) ? 1 : 0))
  await polling.goto('/')
  await rows(polling).first().waitFor()
  await polling.waitForLoadState('networkidle')
  polls = 0
  const started = Date.now()
  await new Promise((resolve) => setTimeout(resolve, 30_500))
  const minutes = (Date.now() - started) / 60_000
  await polling.close()
  return { perAction, perMinute: Math.round(polls / minutes) }
}

/** The page's main-thread task time (CDP's TaskDuration) over the next `seconds`, in ms a minute. */
export async function taskMsPerMinute(page, seconds) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value
  const before = await taskSeconds()
  const started = Date.now()
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  const busy = (await taskSeconds()) - before
  return (busy * 1000 * 60_000) / (Date.now() - started)
}

/** Main-thread task time per minute on an untouched 100-row page (auto-refresh off), per Times setting. */
export async function idleBusyPerMinute(newPage) {
  const result = {}
  for (const mode of ['relative', 'utc']) {
    const page = await newPage()
    await page.goto('/?size=100')
    await inDisplayMenu(page, async (menu) => {
      await menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck()
      await menu.getByRole('combobox', { name: 'Times' }).selectOption(mode)
    })
    await rows(page).nth(99).waitFor()
    result[mode] = await taskMsPerMinute(page, 15)
    await page.close()
  }
  return result
}

/** Cumulative layout shift of a first load on a 390 px phone at 4x CPU throttling. */
export async function phoneLayoutShift(newPage) {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(() => {
    window.__shift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/')
  await rows(page).first().waitFor()
  await page.waitForLoadState('networkidle')
  const shift = await page.evaluate(() => window.__shift)
  await page.close()
  return shift
}
