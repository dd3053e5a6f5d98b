import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openDashboard } from './support/executionsPage.ts'

const board = (page: Page) => page.getByRole('region', { name: 'Failure groups' })
const summary = (page: Page) => board(page).getByRole('status').first()
const groupRows = (page: Page) =>
  board(page)
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })

/** "12 unaddressed failures of 40 failed", read as numbers once the index has counted the view exactly. */
async function counts(page: Page): Promise<{ unaddressed: number; failed: number }> {
  const text = (await summary(page).textContent()) ?? ''
  const match = /^([\d,]+) unaddressed failures? of ([\d,]+) failed$/.exec(text)
  if (!match) throw new Error(`unexpected summary: ${text}`)
  const number = (value: string | undefined) => Number((value ?? '').replaceAll(',', ''))
  return { unaddressed: number(match[1]), failed: number(match[2]) }
}

test('the failure groups board: opened from the overview, grouped by a key, a group acknowledged for everyone and undone', async ({
  page,
  browser,
}) => {
  await openDashboard(page, '/?m.env=staging')
  await page
    .getByRole('region', { name: 'Overview' })
    .getByRole('button', { name: /^Failure groups/ })
    .click()
  await expect(board(page)).toBeVisible()
  await expect(page).toHaveURL(/triage=1/)
  await expect(board(page).getByText(/^Unaddressed: .*Exact as of/)).toBeVisible({ timeout: 20_000 })
  await board(page).getByLabel('Group by').selectOption({ value: 'region' })
  await expect(page).toHaveURL(/group=key%3Aregion/)
  await expect(groupRows(page).first()).toBeVisible()
  const before = await counts(page)
  expect(before.failed).toBeGreaterThan(0)

  const row = groupRows(page).last()
  const region = (await row.getByRole('rowheader').textContent()) ?? ''
  await row.getByRole('button', { name: `Acknowledge the failures of ${region}…` }).click()
  const dialog = page.getByRole('dialog', { name: `Acknowledge the failures of ${region}` })
  await dialog.getByRole('button', { name: 'Acknowledge' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Say why: a ticket, an incident or a reason.')
  await dialog.getByLabel('Note (a ticket or a reason)').fill('INC-7 staging region outage')
  await dialog.getByRole('button', { name: 'Acknowledge' }).click()
  await expect(dialog).toHaveCount(0)
  const acked = groupRows(page).filter({ has: page.getByRole('rowheader', { name: region, exact: true }) })
  const addressed = acked.getByRole('cell').nth(3)
  await expect(addressed).toContainText(/^0 open · [\d,]+ acknowledged/)
  await expect(addressed).toContainText(
    /acknowledged by server token \(127\.0\.0\.1\), .*“INC-7 staging region outage”/,
  )
  const after = await counts(page)
  expect(after.unaddressed).toBeLessThan(before.unaddressed)

  // Another operator's open board and overview say the same within seconds, without a reload.
  const context = await browser.newContext()
  const other = await context.newPage()
  await openDashboard(other, '/?m.env=staging')
  await expect(
    other.getByRole('region', { name: 'Overview' }).getByRole('button', { name: /^Failure groups/ }),
  ).toHaveText(`Failure groups: ${after.unaddressed.toLocaleString('en')} unaddressed`, { timeout: 15_000 })

  await acked.getByRole('button', { name: /^Undo the acknowledgement by server token/ }).click()
  await expect(addressed).toHaveText(/^[1-9][\d,]* open$/)
  await expect.poll(async () => (await counts(page)).unaddressed).toBe(before.unaddressed)
  await expect(
    other.getByRole('region', { name: 'Overview' }).getByRole('button', { name: /^Failure groups/ }),
  ).toHaveText(`Failure groups: ${before.unaddressed.toLocaleString('en')} unaddressed`, { timeout: 15_000 })
  await context.close()

  // The audit trail has both.
  await page.getByRole('button', { name: 'Audit' }).click()
  const audit = page.getByRole('dialog', { name: 'Audit' })
  await expect(audit.getByRole('row').filter({ hasText: 'Failure acknowledged' }).first()).toContainText(
    'INC-7 staging region outage',
  )
  await expect(audit.getByRole('row').filter({ hasText: 'Acknowledgement undone' }).first()).toBeVisible()
  await audit.getByRole('button', { name: 'Close' }).click()

  await board(page).getByRole('button', { name: 'Close failure groups' }).click()
  await expect(board(page)).toHaveCount(0)
  await expect(page).not.toHaveURL(/triage=/)
})

test('Reschedule… on a group counts exactly the group, and sends one PATCH per member', async ({
  page,
  demo,
}) => {
  test.setTimeout(60_000)
  await openDashboard(page, '/?m.env=staging&m.team=payments&triage=1&group=key:region')
  await expect(board(page).getByText(/^Unaddressed: .*Exact as of/)).toBeVisible({ timeout: 20_000 })
  const row = groupRows(page).last()
  const region = (await row.getByRole('rowheader').textContent()) ?? ''
  const size = Number(((await row.getByRole('cell').first().textContent()) ?? '').replaceAll(',', ''))
  expect(size).toBeGreaterThan(0)
  await row.getByRole('button', { name: `Reschedule the failures of ${region}…` }).click()
  const dialog = page.getByRole('dialog', { name: /^Reschedule executions/ })
  await expect(dialog).toContainText(
    `${size.toLocaleString('en-US')} execution${size === 1 ? '' : 's'} matching the filters`,
  )
  expect((await demo.stats()).requests.reschedule).toBe(0)
  if (size > 100) await dialog.getByLabel(`Type ${size} to confirm`).fill(String(size))
  await dialog
    .getByRole('button', {
      name: `Reschedule ${size.toLocaleString('en-US')} execution${size === 1 ? '' : 's'}`,
    })
    .click()
  await expect(dialog).toContainText(`${size.toLocaleString('en-US')} rescheduled, 0 failed`, {
    timeout: 30_000,
  })
  const stats = await demo.stats()
  expect(Object.values(stats.reschedules_by_id).reduce((sum, count) => sum + count, 0)).toBe(size)
})
