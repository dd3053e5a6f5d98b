import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { demoIds } from './support/demoQuery.ts'
import { executionRows, expectIds, openDashboard, withoutLiveRefresh } from './support/executionsPage.ts'
import { keyboardCounter } from './support/keyboardCounter.ts'

async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(outline).not.toBe('none')
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const rowOf = (page: Page, id: string) =>
  page.getByRole('row', { name: new RegExp(`^Execution ${escaped(id)}`) })

test('filter → page → open attempts → reschedule, by keyboard alone in at most 15 presses', async ({
  page,
  demo,
}) => {
  await openDashboard(page)
  const keys = keyboardCounter(page)
  const filtered = { page: { first: 20 }, filters: { metadata: [{ key: 'env', values: ['production'] }] } }
  const twoPages = await demoIds({ page: { first: 40 }, filters: filtered.filters })
  const [firstPage, secondPage] = [twoPages.slice(0, 20), twoPages.slice(20)]
  const target = secondPage[2] ?? ''

  await keys.press('/')
  await page.keyboard.type('env')
  await keys.press('Tab')
  await page.keyboard.type('production')
  await keys.press('Enter') // the value becomes a chip
  await keys.press('Enter') // an empty value box adds the filter
  await expect(page).toHaveURL(/m\.env=production/)
  await keys.press('Escape') // from the filter to the list
  await expectVisibleFocus(
    page
      .getByRole('grid', { name: /^Executions/ })
      .getByRole('row')
      .nth(1),
  )

  // The filtered page first: `n` before it has come finds no next page to go to (a busy machine was that slow).
  await expectIds(page, firstPage)
  await keys.press('n')
  await expectIds(page, secondPage)
  await expect(rowOf(page, secondPage[0] ?? '')).toBeFocused()
  await keys.press('ArrowDown')
  await keys.press('j')
  await expectVisibleFocus(rowOf(page, target))
  await keys.press('Enter')
  const panel = attemptsPanel(page, target)
  await expect(panel.getByRole('heading', { name: `Attempts of ${target}` })).toBeFocused()
  await keys.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(rowOf(page, target)).toBeFocused()

  await keys.press('r')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeFocused()
  await keys.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `Execution ${target} rescheduled` })).toBeVisible()
  expect((await demo.stats()).reschedules_by_id).toEqual({ [target]: 1 })
  // The operator's guide's count (docs/operators-guide.md): 12 key presses besides typing.
  expect(keys.count).toBe(12)
})

test('the list is one tab stop; arrows, Home/End, PageDown, Left/Right and x work inside it', async ({
  page,
}) => {
  await openDashboard(page)
  const ids = await demoIds({ page: { first: 20 } })
  const grid = page.getByRole('grid', { name: /^Executions/ })
  const first = rowOf(page, ids[0] ?? '')
  await first.focus()

  // Tab leaves the list at once: the row's buttons are not tab stops.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Next page' }).last()).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(first).toBeFocused()

  await page.keyboard.press('End')
  await expect(rowOf(page, ids[19] ?? '')).toBeFocused()
  await page.keyboard.press('Home')
  await expect(first).toBeFocused()
  await page.keyboard.press('PageDown')
  await expect(rowOf(page, ids[10] ?? '')).toBeFocused()
  await page.keyboard.press('k')
  await expect(rowOf(page, ids[9] ?? '')).toBeFocused()

  // Left/Right walk the row's controls; Esc goes back to the row.
  const row = rowOf(page, ids[9] ?? '')
  await page.keyboard.press('ArrowRight')
  await expect(row.getByRole('checkbox', { name: `Select ${ids[9]}` })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  const copy = row.getByRole('button', { name: `Copy ID ${ids[9]}` })
  await expect(copy).toBeFocused()
  // On to the Created cell and back: Copy stays while focus is in the row.
  await page.keyboard.press('ArrowRight')
  await expect(copy).not.toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(copy).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(row).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Escape')
  await expect(row).toBeFocused()

  await page.keyboard.press('x')
  await expect(row.getByRole('checkbox', { name: `Select ${ids[9]}` })).toBeChecked()
  await expect(page.getByText('1 selected')).toBeVisible()

  // The list's tab stop is the row last focused (after the page's select-all box in its header).
  await page.getByRole('button', { name: 'Refresh now' }).focus()
  for (let presses = 0; presses < 30; presses += 1) {
    if (
      await grid
        .getByRole('row')
        .nth(1 + 9)
        .evaluate((element) => element === document.activeElement)
    )
      break
    await page.keyboard.press('Tab')
  }
  await expect(row).toBeFocused()
})

test('Esc in the filter while the list is loading leaves the field at once, and the first row takes focus when the rows come', async ({
  page,
}) => {
  // Only the list's own read brings the rows, and it is held until the test lets it go.
  await withoutLiveRefresh(page)
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route(
    (url) => url.pathname === '/api/executions',
    async (route) => {
      held += 1
      await released
      await route.fallback()
    },
  )
  await page.goto('/')
  const field = page.getByRole('combobox', { name: 'Metadata key' })
  await expect(field).toBeAttached()
  await expect.poll(() => held).toBeGreaterThan(0)

  await page.keyboard.press('/')
  await expect(field).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(field).not.toBeFocused()
  // At once: the list's answer has not come.
  expect(await executionRows(page).count()).toBe(0)

  release()
  await expect(executionRows(page).first()).toBeFocused()
})
