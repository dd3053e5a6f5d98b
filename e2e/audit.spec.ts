import { expect, test } from './support/fixtures.ts'
import { executionRows, openDashboard, shownIds } from './support/executionsPage.ts'
import { downloadedText } from './support/exportFiles.ts'

test('a reschedule is on the audit trail with who did it and what came of it; the header says who you are', async ({
  page,
  demo,
}) => {
  await openDashboard(page)
  await expect(page.getByText(/^You: server token \(127\.0\.0\.1\)$/)).toBeVisible()

  await page.getByRole('button', { name: 'Reschedule exec-flaky' }).click()
  const confirm = page.getByRole('dialog')
  await confirm.getByRole('button', { name: 'Reschedule' }).click()
  await expect(confirm).toHaveCount(0)
  expect((await demo.stats()).reschedules_by_id['exec-flaky']).toBe(1)

  await page.getByRole('button', { name: 'Audit' }).click()
  const audit = page.getByRole('region', { name: 'Audit trail' })
  await expect(audit.getByRole('heading', { name: 'Audit trail' })).toBeFocused()
  const filters = audit.getByRole('form', { name: 'Audit filters' })
  await filters.getByLabel('Execution').fill('exec-flaky')
  await filters.getByRole('button', { name: 'Filter' }).click()
  // The filters are in the URL: the view can be linked and reloaded.
  await expect(page).toHaveURL(/[?&]audit=1&.*audit\.execution=exec-flaky/)
  await page.reload()
  await expect(audit.getByRole('form', { name: 'Audit filters' }).getByLabel('Execution')).toHaveValue(
    'exec-flaky',
  )
  const row = audit.getByRole('row').filter({ hasText: 'exec-flaky' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('server token (127.0.0.1)')
  await expect(row).toContainText(/Rescheduled \(HTTP 2\d\d\)/)
  await expect(row).toContainText('Single')

  // The trail of these filters as a file: every record, spreadsheet-safe, never the token.
  const downloading = page.waitForEvent('download')
  await audit.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\dT\d{4}Z\.csv$/)
  const [header, ...records] = (await downloadedText(download)).trimEnd().split('\r\n')
  expect(header).toMatch(/^\uFEFFat,user,via,upstream,execution_id,/)
  expect(records).toHaveLength(1)
  expect(records[0]).toContain('exec-flaky')
  expect(records[0]).toContain('rescheduled')
  expect(records[0]).not.toContain(demo.token)

  // No match says so; Esc goes back to the list as it was.
  await audit.getByRole('form', { name: 'Audit filters' }).getByLabel('Execution').fill('no-such-execution')
  await audit.getByRole('button', { name: 'Filter' }).click()
  await expect(audit.getByRole('status')).toHaveText('Nothing recorded matches these filters.')
  await page.keyboard.press('Escape')
  await expect(audit).toHaveCount(0)
  await expect(page).not.toHaveURL(/audit/)
  await expect(executionRows(page).first()).toBeVisible()
})

test('the audit trail from the palette and from t, and a time span back from now', async ({ page }) => {
  await openDashboard(page)
  await page.keyboard.press('Control+k')
  await page.keyboard.type('audit trail')
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first()).toHaveText(
    /Audit trail/,
  )
  await page.keyboard.press('Enter')
  const audit = page.getByRole('region', { name: 'Audit trail' })
  await expect(audit.getByRole('heading', { name: 'Audit trail' })).toBeFocused()
  // The time span is one select, not two date fields in the way of every other filter.
  await expect(audit.getByLabel('From')).toHaveCount(0)
  await audit.getByLabel('Time').selectOption({ label: 'Last hour' })
  await audit.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/audit\.span=1h/)
  await page.keyboard.press('t')
  await expect(audit).toHaveCount(0)
  await page.locator('body').press('t')
  await expect(audit).toBeVisible()
})

test('another operator’s reschedule shows on the row and in the attempts panel, from the trail', async ({
  page,
  browser,
}) => {
  await openDashboard(page)
  const id = (await shownIds(page)).find((candidate) => /^exec-\d+$/.test(candidate))
  if (!id) throw new Error('no plain execution on the first page')
  await page.getByRole('button', { name: `Reschedule ${id}`, exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Someone else, in a browser of their own, opens the list: the row says who rescheduled it.
  const other = await browser.newContext()
  const theirs = await other.newPage()
  await openDashboard(theirs)
  const button = theirs.getByRole('button', { name: `Reschedule ${id} again` })
  await expect(button).toHaveText(/^Rescheduled by server token · (just now|\d+ s ago)$/)
  await expect(button).toHaveAttribute('title', 'Rescheduled by server token (127.0.0.1)')
  // On its state cell: the row's middle may be a metadata chip, which filters instead.
  await theirs
    .getByRole('row', { name: new RegExp(`^Execution ${id}`) })
    .getByRole('gridcell')
    .nth(1)
    .click()
  await expect(theirs.getByText(/^by server token \(127\.0\.0\.1\), .+: rescheduled$/)).toBeVisible()
  await other.close()
})
