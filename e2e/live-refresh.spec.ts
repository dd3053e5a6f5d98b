import { expect, test } from './support/fixtures.ts'
import { expectIds, openDashboard, recordListBodies, shownIds } from './support/executionsPage.ts'

test('auto-refresh refetches the page the user is on, and can be switched off', async ({ page }) => {
  await openDashboard(page)
  await page.getByRole('combobox', { name: 'Every' }).selectOption('5')
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  const secondPage = await shownIds(page)
  const after = new URL(page.url()).searchParams.get('after')

  const bodies = recordListBodies(page)
  // The next refresh asks for the same page again: the view stays where the user is.
  await expect
    .poll(() => bodies.filter((body) => body.page.after === after).length, { timeout: 12_000 })
    .toBeGreaterThan(0)
  await expectIds(page, secondPage)
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  await expect(page.getByText(/^Updated \d+ s ago$/)).toBeVisible()

  await page.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck()
  await expect(page.getByRole('combobox', { name: 'Every' })).toBeDisabled()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Auto-refresh' })).not.toBeChecked()
})
