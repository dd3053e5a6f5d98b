// npm run bench:triage-reschedule: from the Failure groups board, reschedules a 500-failure group (the seeded
// region whose runs fail fast, in a frozen demo of 8,000 executions with the three causes) through the production
// server from headless Chromium, counting the clicks it takes and the PATCHes the demo saw: exactly one for each
// member, none for anything else. `npm run build` first.
import { chromium } from '@playwright/test'
import { chromiumPath, requireBuild, startDemo, startProduction } from './benchSupport.mjs'

requireBuild()
const token = 'bench-token'
const api = await startDemo(token, ['--size', '8000', '--causes'])
const server = await startProduction(api.url, token, { DASHBOARD_UPSTREAM_RATE: '50' })
const demoCall = async (path) => {
  const response = await fetch(`http://127.0.0.1:${api.port}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return response.json()
}

const browser = await chromium.launch({ executablePath: chromiumPath() })
let result
try {
  const { causes } = await demoCall('/__demo/causes')
  const members = new Set(causes.find((cause) => cause.name === 'region-fails-fast').ids)
  const page = await browser.newPage({ baseURL: server.origin })
  await page.goto('/?triage=1&group=key:region')
  const board = page.getByRole('region', { name: 'Failure groups' })
  await board.getByText(/^Unaddressed: .*Exact as of/).waitFor({ timeout: 120_000 })
  const row = board
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'ap-south-1', exact: true }) })
  const size = Number(((await row.getByRole('cell').first().textContent()) ?? '').replace(/\D/g, ''))
  let clicks = 0
  const click = async (locator) => {
    clicks += 1
    await locator.click()
  }
  await click(row.getByRole('button', { name: 'Reschedule the failures of ap-south-1…' }))
  const dialog = page.getByRole('dialog', { name: /^Reschedule executions/ })
  const confirm = dialog.getByRole('button', { name: /^Reschedule [\d,]+ executions$/ })
  await confirm.waitFor({ timeout: 120_000 })
  const counted = Number(((await confirm.textContent()) ?? '').replace(/\D/g, ''))
  await dialog.getByLabel(`Type ${counted} to confirm`).fill(String(counted))
  const started = performance.now()
  await click(confirm)
  await dialog.getByText(/rescheduled, \d+ failed, \d+ with an unknown outcome/).waitFor({ timeout: 600_000 })
  const seconds = (performance.now() - started) / 1000
  const perId = (await demoCall('/__demo/stats')).reschedules_by_id
  const patched = Object.entries(perId)
  result = {
    size,
    members: members.size,
    counted,
    clicks,
    seconds,
    patches: patched.reduce((sum, [, times]) => sum + times, 0),
    duplicates: patched.filter(([, times]) => times > 1).length,
    outside: patched.filter(([id]) => !members.has(id)).length,
    missing: [...members].filter((id) => !(id in perId)).length,
  }
} finally {
  await browser.close()
  server.child.kill()
  api.child.kill()
}

console.log('\nReschedule… on a Failure groups row (demo --size 8000 --causes, frozen), production server\n')
console.log(
  '| group size | cause members | dry run count | clicks | time | PATCHes | duplicates | outside the group | missing |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
const r = result
console.log(
  `| ${r.size} | ${r.members} | ${r.counted} | ${r.clicks} | ${r.seconds.toFixed(1)} s | ${r.patches} | ${r.duplicates} | ${r.outside} | ${r.missing} |`,
)
process.exitCode = r.patches === r.size && r.duplicates + r.outside + r.missing === 0 && r.clicks <= 4 ? 0 : 1
