import type { ConsoleMessage, Page } from '@playwright/test'
import { startDevDashboard } from './support/devBuild.ts'
import { expect, test } from './support/fixtures.ts'
import { executionRows, expectIds, displaySettings, inDisplayMenu } from './support/executionsPage.ts'

/**
 * A normal session on the development build, where React reports what it finds wrong to the console
 * ("Cannot update a component while rendering a different component", missing keys, effects that loop…).
 * Any warning or error there fails the test.
 */
test('a normal session logs no React warning or error', async ({ page, stack: _stack }) => {
  test.setTimeout(60_000)
  const dev = await startDevDashboard()
  const problems: string[] = []
  const record = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  }
  page.on('console', record)
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  try {
    await page.goto(`${dev.baseURL}/`)
    await expect(executionRows(page).first()).toBeVisible()
    await session(page)
  } finally {
    page.off('console', record)
    await dev.close()
  }
  expect(problems).toEqual([])
})

async function session(page: Page) {
  // Filters: a state, a metadata filter (a new list key each time: what used to warn), and back.
  const states = page.getByRole('group', { name: 'State', exact: true })
  await states.getByRole('checkbox', { name: 'Failed' }).check()
  await expect(page).toHaveURL(/state=failed/)
  await page.getByLabel('Metadata key').fill('env')
  await page.getByLabel('Metadata values').fill('production')
  await page.getByRole('button', { name: 'Add metadata filter' }).click()
  await expect(page).toHaveURL(/m\.env=production/)
  await expect(executionRows(page).first()).toBeVisible()

  // Paging forward and back, and the page size.
  const ids = await executionRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-row-id')),
  )
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect(page).toHaveURL(/after=/)
  await page.getByRole('button', { name: 'Previous page' }).first().click()
  await expectIds(page, ids as string[])
  await page.getByRole('combobox', { name: 'Page size' }).selectOption('50')

  // The attempts of a row, and back to the list.
  // On the id's cell: the row's middle may be a metadata chip (a filter) or a link.
  await executionRows(page).first().getByRole('gridcell').nth(1).click()
  await expect(page.getByRole('heading', { name: /^Attempts of / })).toBeVisible()
  await page.getByRole('button', { name: 'Close' }).click()

  // A reschedule, confirmed.
  const row = executionRows(page).first()
  await row.getByRole('button', { name: /^Reschedule / }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Display settings, the shortcut list, saved views and export.
  await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Times' }).selectOption('utc'))
  await (await displaySettings(page)).getByRole('button', { name: 'Columns…' }).click()
  await page.getByRole('checkbox', { name: 'Metadata' }).uncheck()
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await page
    .getByRole('dialog', { name: 'Keyboard shortcuts' })
    .getByRole('button', { name: 'Close' })
    .click()
  await page.getByRole('button', { name: 'Views…' }).click()
  const views = page.getByRole('dialog', { name: 'Saved views' })
  await views.getByLabel('View name').fill('Failed in production')
  await views.getByRole('button', { name: 'Save current view' }).click()
  await expect(views.getByRole('status')).toContainText('Saved the view')
  await views.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Export…' }).click()
  await page.getByRole('dialog', { name: 'Export executions' }).getByRole('button', { name: 'Close' }).click()

  // Selection and the bulk count, cancelled before anything is sent.
  await executionRows(page).first().getByRole('checkbox').check()
  await expect(page.getByText('1 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Reschedule all matching…' }).click()
  const bulk = page.getByRole('dialog', { name: /^Reschedule executions/ })
  await bulk.getByRole('button', { name: 'Cancel' }).click()
  await expect(bulk).toHaveCount(0)
  await page.getByRole('button', { name: 'Refresh now' }).click()
}
