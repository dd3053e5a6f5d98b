import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { demoIds, demoListExecutions } from './support/demoQuery.ts'
import { expectIds, openDashboard, recordListBodies } from './support/executionsPage.ts'

const isListCall = (url: string) => new URL(url).pathname === '/api/executions'

async function refreshNow(page: Page) {
  const answered = page.waitForResponse((response) => isListCall(response.url()))
  await page.getByRole('button', { name: 'Refresh now' }).click()
  await answered
}

test('a refresh and a filter change cost one list call each; the next page is fetched on intent', async ({
  page,
}) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)
  await refreshNow(page)
  await refreshNow(page)
  // The demo's list grows while it runs, so its end cursor moves: prefetching on every answer would show here.
  expect(bodies.filter((body) => body.page.after !== undefined)).toEqual([])

  bodies.length = 0
  const failed = { page: { first: 20 }, filters: { states: ['failed'] } }
  const failedIds = await demoIds(failed)
  await page.getByRole('group', { name: 'State' }).getByRole('checkbox', { name: 'Failed' }).check()
  await expectIds(page, failedIds)
  await refreshNow(page)
  expect(bodies).toEqual([failed, failed])

  // Pointing at Next fetches the next page once; the click then shows it without asking again.
  bodies.length = 0
  const cursor = (await demoListExecutions(failed)).page_info.end_cursor
  const next = page.getByRole('button', { name: 'Next page' }).first()
  await next.hover()
  await expect.poll(() => bodies.map((body) => body.page.after)).toEqual([cursor])
  await next.click()
  await expect(page.getByRole('navigation', { name: 'Executions pages' })).toContainText('Page 2')
  expect(bodies.map((body) => body.page.after)).toEqual([cursor])
})
