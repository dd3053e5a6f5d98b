import { expect, test } from './support/fixtures.ts'
import { demoIds, demoListExecutions } from './support/demoQuery.ts'
import { expectIds, openDashboard, recordListBodies } from './support/executionsPage.ts'

test('reload and Back/Forward restore the view', async ({ page }) => {
  const filtered = { page: { first: 10 }, filters: { states: ['succeed'] } }
  const firstPage = await demoListExecutions(filtered)
  const secondIds = await demoIds({
    ...filtered,
    page: { first: 10, after: firstPage.page_info.end_cursor ?? '' },
  })

  await openDashboard(page)
  await page.getByRole('checkbox', { name: 'Succeeded' }).check()
  await page.getByRole('combobox', { name: 'Page size' }).selectOption('10')
  await expectIds(
    page,
    firstPage.data.map((e) => e.id),
  )
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expectIds(page, secondIds)

  const bodies = recordListBodies(page)
  await page.reload()
  await expectIds(page, secondIds)
  await expect(page.getByRole('checkbox', { name: 'Succeeded' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('10')
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  expect(bodies[0]).toEqual({ ...filtered, page: { first: 10, after: firstPage.page_info.end_cursor } })

  await page.goBack()
  await expectIds(
    page,
    firstPage.data.map((e) => e.id),
  )
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 1')
  await page.goForward()
  await expectIds(page, secondIds)
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')

  // Previous still works after a reload, from the cursor trail kept in the URL.
  await page.getByRole('button', { name: 'Previous page' }).first().click()
  await expectIds(
    page,
    firstPage.data.map((e) => e.id),
  )
})

test('an invalid URL falls back to defaults field by field', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page, '/?size=abc&state=FAILED&trail=zzz&m.=x&m.env=&after=')
  await expectIds(page, await demoIds({ page: { first: 20 }, filters: { states: ['failed'] } }))
  expect(bodies[0]).toEqual({ page: { first: 20 }, filters: { states: ['failed'] } })
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('20')
  await expect(page.getByText(/Some parts of this link could not be used/)).toContainText(
    'size must be one of 10, 20, 50, 100',
  )
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 1')
  await expect(page.getByRole('button', { name: 'Previous page' }).first()).toBeDisabled()
})

test('a link with a filter too long to use: the list says it is left out, and export and all matching refuse', async ({
  page,
}) => {
  await openDashboard(page, `/?state=failed&m.blob=${'x'.repeat(3_000)}`)
  await expect(page.getByText(/Some parts of this link could not be used/)).toContainText(
    'the metadata filter on “blob” is longer than 2048 characters',
  )
  const all = page.getByRole('button', { name: 'Reschedule all matching…' })
  await expect(all).toBeDisabled()
  await expect(all).toHaveAccessibleDescription(/could not all be used/)
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export executions' })
  await expect(dialog.getByRole('button', { name: 'Start export' })).toBeDisabled()
  await expect(dialog).toContainText('“blob” is longer than 2048 characters')
})
