import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { openDashboard } from './support/executionsPage.ts'
import { downloadedText, parseCsv } from './support/exportFiles.ts'

/* The e2e servers run with one log link: Logs, https://logs.example.invalid/search?q={id}&env=…&from=…&to=… */

test('the attempts panel links to the logs of the execution, built from its id, metadata and times', async ({
  page,
}) => {
  await openDashboard(page, '/?m.env=production')
  const row = page.getByRole('row', { name: /^Execution / }).first()
  const id = (await row.getAttribute('data-row-id')) ?? ''
  await row.focus()
  await page.keyboard.press('Enter')
  const logs = attemptsPanel(page, id).getByRole('link', { name: 'Logs' })
  await expect(logs).toBeVisible()
  const href = new URL((await logs.getAttribute('href')) ?? '')
  expect([href.origin, href.pathname]).toEqual(['https://logs.example.invalid', '/search'])
  expect(href.searchParams.get('q')).toBe(id)
  expect(href.searchParams.get('env')).toBe('production')
  // Five minutes either side, in UTC.
  expect(href.searchParams.get('from')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  expect(await logs.getAttribute('target')).toBe('_blank')
})

test('each row links to its logs beside Reschedule, reached with the arrow keys, out of the Tab order', async ({
  page,
}) => {
  await openDashboard(page, '/?m.env=production')
  const row = page.getByRole('row', { name: /^Execution / }).first()
  const id = (await row.getAttribute('data-row-id')) ?? ''
  const logs = row.getByRole('link', { name: `Logs of ${id}` })
  await expect(logs).toBeVisible()
  expect(new URL((await logs.getAttribute('href')) ?? '').searchParams.get('q')).toBe(id)
  expect(await logs.getAttribute('tabindex')).toBe('-1')
  await row.focus()
  // The row's controls in order: its select box, Copy, …, then the links and Reschedule last.
  await expect(async () => {
    await row.focus()
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('ArrowRight')
      if (await logs.evaluate((link) => link === document.activeElement)) return
    }
    throw new Error('the arrow keys never reached the row’s Logs link')
  }).toPass({ timeout: 10_000 })
  await page.keyboard.press('ArrowRight')
  await expect(row.getByRole('button', { name: `Reschedule ${id}` })).toBeFocused()
})

test('an export can carry a column per log link', async ({ page }) => {
  await openDashboard(page, '/?state=failed&m.env=production')
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export executions' })
  await dialog.getByRole('checkbox', { name: 'Add a column for each log link (Logs)' }).check()
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Start export' }).click()
  const [header, first] = parseCsv((await downloadedText(await downloading)).slice(1))
  expect(header).toEqual(['id', 'state', 'created_at', 'updated_at', 'metadata', 'link:Logs'])
  const link = new URL(first?.[5] ?? '')
  expect(link.searchParams.get('q')).toBe(first?.[0])
})

test('the failure groups board links each sample to its logs', async ({ page }) => {
  await openDashboard(page, '/?m.env=staging&triage=1')
  const board = page.getByRole('region', { name: 'Failure groups' })
  // A group's samples show once it is opened.
  await board
    .getByRole('button', { name: /^Show the samples of / })
    .first()
    .click()
  const sample = board.getByRole('button', { name: /^Open / }).first()
  await expect(sample).toBeVisible({ timeout: 20_000 })
  const id = ((await sample.getAttribute('aria-label')) ?? '').replace(/^Open /, '')
  const logs = board.getByRole('link', { name: `Logs of ${id}` })
  await expect(logs).toBeVisible()
  const href = new URL((await logs.getAttribute('href')) ?? '')
  expect([href.searchParams.get('q'), href.searchParams.get('env')]).toEqual([id, 'staging'])
})
