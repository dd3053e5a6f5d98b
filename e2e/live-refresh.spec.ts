import { expect, test } from './support/fixtures.ts'
import {
  expectIds,
  openDashboard,
  shownIds,
  displaySettings,
  inDisplayMenu,
} from './support/executionsPage.ts'

test('auto-refresh refetches the page the user is on, and can be switched off', async ({ page }) => {
  const streams: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/live') streams.push(url)
  })
  await openDashboard(page)
  await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Every' }).selectOption('5'))
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  const secondPage = await shownIds(page)
  const after = new URL(page.url()).searchParams.get('after')

  // The tab's live stream follows the page it is on: the server refreshes that page, every 5 s.
  await expect
    .poll(() => streams.map((url) => [url.searchParams.get('after'), url.searchParams.get('every')]).at(-1))
    .toEqual([after, '5'])
  await expect(page.getByText('Live: the server streams changes to this tab.')).toBeVisible()
  await expectIds(page, secondPage)
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  await expect(page.getByText(/^Updated \d+ s ago$/)).toBeVisible()

  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  await expect((await displaySettings(page)).getByRole('combobox', { name: 'Every' })).toBeDisabled()
  await page.reload()
  await expect(
    (await displaySettings(page)).getByRole('checkbox', { name: 'Auto-refresh' }),
  ).not.toBeChecked()
})
