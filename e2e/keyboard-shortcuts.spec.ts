import { expect, test } from './support/fixtures.ts'
import { demoIds } from './support/demoQuery.ts'
import { expectIds, openDashboard } from './support/executionsPage.ts'

test('n and p page, / goes to the filter, ? lists the shortcuts; keys never act while typing', async ({
  page,
}) => {
  await openDashboard(page, '/?size=10')
  const pages = page.getByRole('navigation', { name: 'Executions pages' })
  const [firstIds, secondIds] = await (async () => {
    const ids = await demoIds({ page: { first: 20 } })
    return [ids.slice(0, 10), ids.slice(10, 20)]
  })()
  await page.keyboard.press('n')
  await expectIds(page, secondIds)
  await expect(pages.first()).toContainText('Page 2')
  await page.keyboard.press('p')
  await expectIds(page, firstIds)

  await page.keyboard.press('/')
  await expect(page.getByLabel('Metadata key')).toBeFocused()
  await page.keyboard.type('np')
  await expect(page.getByLabel('Metadata key')).toHaveValue('np')
  await expect(pages.first()).toContainText('Page 1')

  await page.getByRole('heading', { level: 1, name: 'Executions' }).focus()
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toContainText('Next page')
  await page.keyboard.press('n')
  await expect(pages.first()).toContainText('Page 1')
  await page.keyboard.press('Escape')
  await expect(help).toHaveCount(0)

  // Only text fields count as typing: on a checkbox or a select, n and / are still shortcuts.
  await page.getByRole('checkbox', { name: /^Succeeded/ }).focus()
  await page.keyboard.press('n')
  await expect(pages.first()).toContainText('Page 2')
  const pageSize = page.getByRole('combobox', { name: 'Page size' }).first()
  await pageSize.focus()
  await page.keyboard.press('p')
  await expect(pages.first()).toContainText('Page 1')
  await expect(pageSize).toHaveValue('10')
  await page.keyboard.press('/')
  await expect(page.getByLabel('Metadata key')).toBeFocused()
})

test('a skip link leads past the controls to the list', async ({ page }) => {
  await openDashboard(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to the executions list' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  // The list hands focus on to its tab-stop row.
  await expect(
    page
      .getByRole('grid', { name: /^Executions/ })
      .getByRole('row')
      .nth(1),
  ).toBeFocused()
})

test('filter changes replace the history entry; page moves push one', async ({ page }) => {
  await openDashboard(page, '/?size=10')
  await page
    .getByRole('group', { name: 'State', exact: true })
    .getByRole('checkbox', { name: 'Failed' })
    .check()
  await page
    .getByRole('group', { name: 'State', exact: true })
    .getByRole('checkbox', { name: 'Started' })
    .check()
  const states = () => new URL(page.url()).searchParams.getAll('state').sort()
  await expect.poll(states).toEqual(['failed', 'started'])
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect(page).toHaveURL(/after=/)
  await page.goBack()
  await expect(page).not.toHaveURL(/after=/)
  expect(states()).toEqual(['failed', 'started'])
  // The two checkbox clicks replaced the entry the test opened: Back leaves the dashboard, not one click.
  await page.goBack()
  await expect(page).toHaveURL('about:blank')
})

test.describe('the tools’ keys', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('e exports, m reschedules all matching (asking first), l copies the link', async ({ page, demo }) => {
    await openDashboard(page, '/?state=failed')
    await page.getByRole('heading', { level: 1, name: 'Executions' }).focus()
    await page.keyboard.press('e')
    const exportDialog = page.getByRole('dialog', { name: /Export/ })
    await expect(exportDialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(exportDialog).toHaveCount(0)

    await page.keyboard.press('m')
    const bulk = page.getByRole('dialog').filter({ hasText: 'matching the filters' })
    await expect(bulk).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(bulk).toHaveCount(0)
    expect((await demo.stats()).requests.reschedule).toBe(0)

    await page.getByRole('checkbox', { name: /^Succeeded/ }).focus()
    await page.keyboard.press('l')
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
    await expect(page.getByRole('region', { name: 'Views' }).getByRole('status')).toHaveText(
      'Link to this screen copied.',
    )
  })
})
