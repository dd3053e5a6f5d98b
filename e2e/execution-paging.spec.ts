import { expect, test } from './support/fixtures.ts'
import { demoIds, demoListExecutions } from './support/demoQuery.ts'
import {
  executionRows,
  expectIds,
  expectSent,
  openDashboard,
  recordListBodies,
} from './support/executionsPage.ts'

async function demoPages(count: number, first: number) {
  const pages: { ids: string[]; endCursor: string | null }[] = []
  let after: string | undefined
  for (let index = 0; index < count; index += 1) {
    const result = await demoListExecutions({ page: after ? { first, after } : { first } })
    pages.push({ ids: result.data.map((e) => e.id), endCursor: result.page_info.end_cursor })
    after = result.page_info.end_cursor ?? undefined
  }
  return pages
}

test('walk forward three pages and back to the first', async ({ page }) => {
  const bodies = recordListBodies(page)
  const expected = await demoPages(4, 20)
  await openDashboard(page)
  const previous = page.getByRole('button', { name: 'Previous page' }).first()
  const next = page.getByRole('button', { name: 'Next page' }).first()
  const indicator = page.getByRole('navigation', { name: 'Executions pages' })

  await expectIds(page, expected[0]?.ids ?? [])
  await expect(previous).toBeDisabled()

  for (const pageIndex of [1, 2, 3]) {
    await next.click()
    await expectIds(page, expected[pageIndex]?.ids ?? [])
    await expect(indicator).toContainText(`Page ${pageIndex + 1}`)
    expect(bodies).toContainEqual({ page: { first: 20, after: expected[pageIndex - 1]?.endCursor } })
  }

  for (const pageIndex of [2, 1, 0]) {
    await previous.click()
    await expectIds(page, expected[pageIndex]?.ids ?? [])
    await expect(indicator).toContainText(`Page ${pageIndex + 1}`)
  }
  await expect(previous).toBeDisabled()
})

test('Next is disabled on the last page', async ({ page }) => {
  await openDashboard(page, '/?state=created&size=100')
  // The demo holds only a handful of created executions: one page.
  await expect(page.getByRole('button', { name: 'Next page' }).first()).toBeDisabled()
})

test('change the page size, by mouse and by keyboard', async ({ page }) => {
  const bodies = recordListBodies(page)
  const [fifty] = await demoPages(1, 50)
  await openDashboard(page)
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')

  await page.getByRole('combobox', { name: 'Page size' }).selectOption('50')
  await expectIds(page, fifty?.ids ?? [])
  await expectSent(bodies, { page: { first: 50 } })
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 1')
  await expect(page).toHaveURL(/size=50/)

  await page.getByRole('combobox', { name: 'Page size' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(executionRows(page)).toHaveCount(100)
  await expectSent(bodies, { page: { first: 100 } })
})

test('the pager is also below the list, and moves the same pages', async ({ page }) => {
  const [firstIds, secondIds] = await (async () => {
    const ids = await demoIds({ page: { first: 40 } })
    return [ids.slice(0, 20), ids.slice(20, 40)]
  })()
  await openDashboard(page)
  const below = page.getByRole('navigation', { name: 'Pages of executions, below the list' })
  await below.getByRole('button', { name: 'Next page' }).click()
  await expectIds(page, secondIds)
  await expect(below).toContainText('Page 2')
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  await below.getByRole('button', { name: 'Previous page' }).click()
  await expectIds(page, firstIds)
})
