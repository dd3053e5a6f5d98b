import type { Page } from '@playwright/test'
import { expect, test, type DemoControl } from './support/fixtures.ts'
import { shownIds, inDisplayMenu } from './support/executionsPage.ts'

const execution = (id: string, state = 'succeed') => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
const OLD = Array.from({ length: 20 }, (_, index) => execution(`row-${String(index + 1).padStart(2, '0')}`))

async function refreshNow(page: Page) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/executions')
  await page.getByRole('button', { name: 'Refresh now' }).click()
  await answered
}

/** The list's next answers are exactly `rows`. */
async function serve(demo: DemoControl, rows: ReturnType<typeof execution>[]) {
  await demo.clearFaults()
  await demo.serveExecutionPage(rows)
}

test('a poll while a row is read holds new rows behind a Show bar; rows on screen update in place, marked', async ({
  page,
  demo,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await serve(demo, OLD)
  await page.goto('/')
  await expect.poll(() => shownIds(page)).toEqual(OLD.map((row) => row.id))
  await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Every' }).selectOption('5'))

  // Reading: a keyboard user is on row-08, with the list at the top of the page (no scroll anchoring helps).
  const anchor = page.getByRole('row', { name: /^Execution row-08/ })
  await anchor.focus()
  const topBefore = (await anchor.boundingBox())?.y

  const changed = execution('row-10', 'failed')
  await serve(demo, [execution('new-1'), execution('new-2'), ...OLD.slice(0, 9), changed, ...OLD.slice(10)])
  // A refresh (Refresh now, as an event: a real click would scroll the page to the button).
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/executions')
  await page.getByRole('button', { name: 'Refresh now' }).dispatchEvent('click')
  await answered
  await expect(page.getByText('2 new executions in this list')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'More executions arrived' })).toBeAttached()
  expect(await shownIds(page)).not.toContain('new-1')
  // Rows already on screen update in place, and the change is marked.
  await expect(
    page.getByRole('row', { name: 'Execution row-10, its state changed at the last refresh' }),
  ).toContainText('Failed')
  // Within a pixel: a changed row's badge may round its line differently; a jump is a row's height.
  expect(Math.abs(((await anchor.boundingBox())?.y ?? 0) - (topBefore ?? 0))).toBeLessThanOrEqual(1)
  await expect(anchor).toBeFocused()

  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect
    .poll(() => shownIds(page))
    .toEqual(['new-1', 'new-2', ...OLD.map((row) => row.id)].slice(0, 22))
  await expect(page.getByText('2 new executions in this list')).toHaveCount(0)
})

test('on the first page, scrolled to the top and not focused, new rows flow straight in', async ({
  page,
  demo,
}) => {
  await serve(demo, OLD.slice(0, 5))
  await page.goto('/')
  await expect.poll(() => shownIds(page)).toEqual(OLD.slice(0, 5).map((row) => row.id))
  await serve(demo, [execution('new-1'), ...OLD.slice(0, 5)])
  await refreshNow(page)
  await expect.poll(() => shownIds(page)).toEqual(['new-1', ...OLD.slice(0, 5).map((row) => row.id)])
  await expect(page.getByRole('button', { name: 'Show', exact: true })).toHaveCount(0)
})
