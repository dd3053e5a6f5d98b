// npm run screenshots: takes the README's and docs/operators-guide.md's pictures from the real app (production build, frozen demo API,
// headless Chromium): the list with an execution's attempts open at 1440×900 in light (docs/screenshot.png)
// and dark (docs/screenshot-dark.png), the list on a 390 px phone (docs/screenshot-phone.png), and a
// finished bulk run (docs/bulk-run.png); and the operator's guide's incident walk on a demo with its causes seeded
// (docs/incident-*.png): the failure groups beside the list, a group's reschedule naming the group, the audit trail
// after it and an acknowledgement, and the board on a phone.
// `npm run build` first.
/* global window */
import { chromium } from '@playwright/test'
import { chromiumPath, requireBuild, startDemo, startProduction, inDisplayMenu } from './benchSupport.mjs'

requireBuild()
const executablePath = chromiumPath()

const token = 'screenshot-token'
const api = await startDemo(token)
const server = await startProduction(api.url, token)
const faults = (rules) =>
  fetch(`http://127.0.0.1:${api.port}/__demo/faults`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules }),
  })

const browser = await chromium.launch({ executablePath })

/** The failed production executions, two selected, and on wide screens the first one's attempts open. */
async function listScreenshot(path, options) {
  const shot = await browser.newPage({ baseURL: server.origin, ...options })
  await shot.goto('/?state=failed&m.env=production')
  await inDisplayMenu(shot, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  const select = shot.getByRole('checkbox', { name: /^Select / })
  await select.nth(1).check()
  await select.nth(3).check()
  if (options.viewport.width > 1100) {
    await shot
      .getByRole('row', { name: /^Execution / })
      .first()
      .focus()
    await shot.keyboard.press('Enter')
    await shot.getByRole('figure', { name: /^Timeline/ }).waitFor()
    await shot
      .getByRole('row', { name: /^Execution / })
      .first()
      .focus()
  }
  await shot.evaluate(() => window.scrollTo(0, 0))
  await shot.screenshot({ path })
  await shot.close()
}

await listScreenshot('docs/screenshot.png', { viewport: { width: 1440, height: 900 }, colorScheme: 'light' })
await listScreenshot('docs/screenshot-dark.png', {
  viewport: { width: 1440, height: 900 },
  colorScheme: 'dark',
})
await listScreenshot('docs/screenshot-phone.png', {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
})

const page = await browser.newPage({ baseURL: server.origin, viewport: { width: 1440, height: 900 } })
await page.goto('/?state=failed&m.env=production')
await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
await page.getByRole('button', { name: 'Reschedule all matching…' }).click()
const dialog = page.getByRole('dialog', { name: /^Reschedule executions/ })
const confirm = dialog.getByRole('button', { name: /^Reschedule [\d,]+ executions$/ })
await confirm.waitFor()
const count = Number((await confirm.textContent()).replace(/\D/g, ''))
if (count > 100) await dialog.getByLabel(`Type ${count} to confirm`).fill(String(count))
await faults([
  { operation: 'reschedule', status: 429, retryAfter: 1, times: 1 },
  {
    operation: 'reschedule',
    status: 409,
    times: 1,
    body: '{"error":{"code":"conflict","message":"locked by a deploy"}}',
  },
  { operation: 'reschedule', drop: true, times: 1 },
])
await confirm.click()
await dialog.getByText(/rescheduled, \d+ failed, \d+ with an unknown outcome/).waitFor({ timeout: 60_000 })
await page.screenshot({ path: 'docs/bulk-run.png' })
server.child.kill()
api.child.kill()
await incidentScreenshots()
await browser.close()
console.log(
  'wrote docs/screenshot.png, docs/screenshot-dark.png, docs/screenshot-phone.png, docs/bulk-run.png and ' +
    'docs/incident-board.png, docs/incident-reschedule.png, docs/incident-audit.png, docs/incident-phone.png',
)

/** The incident walk (docs/operators-guide.md): the demo's incident of the last hour, in production. */
async function incidentScreenshots() {
  const causes = await startDemo(token, ['--causes'])
  const dashboard = await startProduction(causes.url, token, { DASHBOARD_INDEX_REFRESH_MS: '1000' })
  try {
    const view = '/?m.env=production&window=1h&triage=1'
    // The phone first: before the walk's reschedule, the board shows the incident whole.
    const phone = await browser.newPage({
      baseURL: dashboard.origin,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    })
    await phone.goto(view)
    await phone
      .getByRole('region', { name: 'Failure groups' })
      .getByText(/Exact as of/)
      .waitFor({ timeout: 60_000 })
    await phone.evaluate(() => window.scrollTo(0, 0))
    await phone.screenshot({ path: 'docs/incident-phone.png' })
    await phone.close()
    const shot = await browser.newPage({ baseURL: dashboard.origin, viewport: { width: 1440, height: 900 } })
    await shot.goto(view)
    const board = shot.getByRole('region', { name: 'Failure groups' })
    await board.getByText(/Exact as of/).waitFor({ timeout: 60_000 })
    await board.getByText(/^Suggested/).waitFor()
    await shot.screenshot({ path: 'docs/incident-board.png' })

    const rows = board.getByRole('grid').getByRole('row', { name: / failed / })
    await rows.first().focus()
    await shot.keyboard.press('r')
    const dialog = shot.getByRole('dialog', { name: /^Reschedule the \d+ failures of / })
    const confirm = dialog.getByRole('button', { name: /^Reschedule \d+ executions?$/ })
    await confirm.waitFor({ timeout: 60_000 })
    await shot.screenshot({ path: 'docs/incident-reschedule.png' })
    await shot.keyboard.press('Enter')
    await dialog.getByText(/rescheduled, 0 failed/).waitFor({ timeout: 60_000 })
    await shot.keyboard.press('Escape')

    const other = rows.filter({ has: shot.getByRole('rowheader', { name: 'cert-rotation', exact: true }) })
    await other.focus()
    await shot.keyboard.press('a')
    await shot
      .getByLabel('Note (a ticket or a reason)')
      .fill('INC-4711 certificate expired, renewal under way')
    await shot.keyboard.press('Enter')
    await shot.getByRole('dialog').waitFor({ state: 'detached' })
    await shot.keyboard.press('t')
    await shot
      .getByRole('link', { name: /^Open what acknowledgement / })
      .first()
      .waitFor()
    await shot.screenshot({ path: 'docs/incident-audit.png' })
    await shot.close()
  } finally {
    dashboard.child.kill()
    causes.child.kill()
  }
}
