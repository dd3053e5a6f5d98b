import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { openDashboard } from './support/executionsPage.ts'

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(key)
  }
  throw new Error(`${String(target)} not reached in ${limit} presses of ${key}`)
}

async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(outline).not.toBe('none')
}

test('filter → page → open attempts → reschedule → close, by keyboard alone', async ({ page, demo }) => {
  await openDashboard(page)
  const announcements = page.getByRole('status').filter({ hasText: /^\d+ executions, page \d+;/ })
  await expect(announcements).toHaveText('20 executions, page 1; more after this page')

  const succeeded = page
    .getByRole('group', { name: 'State', exact: true })
    .getByRole('checkbox', { name: 'Succeeded' })
  await tabTo(page, succeeded)
  await expectVisibleFocus(succeeded)
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/state=succeed/)

  const next = page.getByRole('button', { name: 'Next page' }).first()
  await tabTo(page, next)
  await expectVisibleFocus(next)
  await page.keyboard.press('Enter')
  await expect(announcements).toHaveText('20 executions, page 2; more after this page')

  const row = page
    .getByRole('table', { name: /^Executions/ })
    .getByRole('row')
    .nth(1)
  const rowName = (await row.getAttribute('aria-label')) ?? ''
  const id = rowName.replace(/^Execution /, '')
  await tabTo(page, row)
  await expectVisibleFocus(row)
  await page.keyboard.press('Enter')
  const panel = attemptsPanel(page, id)
  await expect(panel.getByRole('heading', { name: `Attempts of ${id}` })).toBeFocused()

  const reschedule = panel.getByRole('button', { name: `Reschedule ${id}` })
  await tabTo(page, reschedule)
  await expectVisibleFocus(reschedule)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Reschedule' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Execution ${id} rescheduled; the API says its state is now Created.` }),
  ).toBeVisible()
  expect((await demo.stats()).requests.reschedule).toBe(1)

  await expect(reschedule).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  // Now created, the execution has left the Succeeded filter: focus lands on the page title, not nowhere.
  await expect(page.getByRole('row', { name: `Execution ${id}`, exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Executions' })).toBeFocused()
  await expect(
    page.getByRole('row', { name: `Execution ${id}, rescheduled, no longer matches` }),
  ).toBeVisible()
})
