// npm run bench:bulk [-- --size 8000]: reschedules every failed execution of a frozen demo API (about 1,100 at
// the default size) through the production server from headless Chromium, at 1, 4 and 8 requests at a time,
// and prints the time, the rate, and the duplicate and missing PATCHes the demo saw (both must be 0).
// `npm run build` first.
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumPath, requireBuild, startDemo, startProduction, inDisplayMenu } from './benchSupport.mjs'

const { values } = parseArgs({ options: { size: { type: 'string', default: '8000' } } })
requireBuild()
const executablePath = chromiumPath()

const token = 'bench-token'
const api = await startDemo(token, ['--size', values.size])
const server = await startProduction(api.url, token)
const demoCall = async (method, path, body) => {
  const response = await fetch(`http://127.0.0.1:${api.port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return response.json()
}

const browser = await chromium.launch({ executablePath })
const results = []
for (const concurrency of [1, 4, 8]) {
  await demoCall('POST', '/__demo/reset')
  const page = await browser.newPage({ baseURL: server.origin })
  await page.goto('/?state=failed')
  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  await page.getByRole('button', { name: 'Reschedule all matching…' }).click()
  const dialog = page.getByRole('dialog', { name: /^Reschedule executions/ })
  const confirm = dialog.getByRole('button', { name: /^Reschedule [\d,]+ executions$/ })
  await confirm.waitFor({ timeout: 120_000 })
  const count = Number((await confirm.textContent()).replace(/\D/g, ''))
  await dialog.getByLabel('Requests at a time').selectOption(String(concurrency))
  if (count > 100) await dialog.getByLabel(`Type ${count} to confirm`).fill(String(count))
  const started = performance.now()
  await confirm.click()
  await dialog.getByText(/rescheduled, \d+ failed, \d+ with an unknown outcome/).waitFor({ timeout: 600_000 })
  const seconds = (performance.now() - started) / 1000
  const stats = await demoCall('GET', '/__demo/stats')
  const perId = Object.values(stats.reschedules_by_id)
  results.push({
    concurrency,
    count,
    seconds,
    rate: count / seconds,
    duplicates: perId.filter((times) => times > 1).length,
    missing: count - Object.keys(stats.reschedules_by_id).length,
  })
  await page.close()
}
await browser.close()
server.child.kill()
api.child.kill()

console.log(
  `\nBulk reschedule of every failed execution (demo --size ${values.size}, frozen), production server, headless Chromium\n`,
)
console.log('at a time | executions | time    | rate      | duplicate PATCHes | missing PATCHes')
console.log('--------- | ---------- | ------- | --------- | ----------------- | ---------------')
for (const r of results) {
  console.log(
    `${String(r.concurrency).padStart(9)} | ${String(r.count).padStart(10)} | ${r.seconds.toFixed(1).padStart(5)} s | ${r.rate.toFixed(0).padStart(5)} /s   | ${String(r.duplicates).padStart(17)} | ${String(r.missing).padStart(15)}`,
  )
}
process.exitCode = results.every((r) => r.duplicates === 0 && r.missing === 0) ? 0 : 1
