import { chromium } from 'playwright'
import { chromiumPath } from './benchSupport.mjs'
const browser = await chromium.launch({ executablePath: chromiumPath() })
const widths = JSON.parse(process.argv[2] ?? '[700,720,740,768,790,800]')
for (const width of widths) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } })
  const page = await ctx.newPage()
  let release = () => {}
  const released = new Promise((r) => (release = r))
  await page.route(/\/assets\/(Overview|controls|DashboardTools)-[^/]*\.(js|css)$/, async (route) => { await released; await route.continue() })
  await page.route(/\/api\/(overview|live|digest)\?/, (route) => route.abort())
  await page.goto(process.env.URL ?? 'http://127.0.0.1:4999/', { waitUntil: 'commit' })
  const row = page.getByRole('grid', { name: /^Executions/ }).getByRole('row', { name: /^Execution / }).first()
  await row.waitFor()
  const measure = () => page.evaluate(() => {
    const h = (s) => { const e = document.querySelector(s); return e ? Math.round(e.getBoundingClientRect().height * 10) / 10 : '-' }
    return { header: h('.app-header'), toolbar: h('.dashboard-toolbar'), overview: h('.overview, .overview-loading'), filters: h('.filters, .filters-loading'), heading: h('.list-heading'), tools: h('.list-toolbar'), toolsW: (() => { const e = document.querySelector('.list-toolbar'); return e ? Math.round(e.getBoundingClientRect().width) + '|' + Math.round([...e.children].reduce((s, c) => s + c.getBoundingClientRect().width, 0)) : '-' })() }
  })
  const b = await row.boundingBox(); const mb = await measure()
  release()
  await page.getByRole('button', { name: 'Export…' }).waitFor().catch(() => {})
  await page.getByLabel('Metadata key').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: /^Reschedule / }).first().waitFor().catch(() => {})
  await page.waitForTimeout(700)
  const a = await row.boundingBox(); const ma = await measure()
  const diff = Object.keys(mb).filter((k) => mb[k] !== ma[k]).map((k) => `${k} ${mb[k]}→${ma[k]}`).join(', ')
  console.log(width, `y ${b.y.toFixed(1)}→${a.y.toFixed(1)}`, diff)
  await ctx.close()
}
await browser.close()
