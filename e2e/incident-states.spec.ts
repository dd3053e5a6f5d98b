import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { expectNoViolations } from './support/axe.ts'
import { executionRows, openDashboard } from './support/executionsPage.ts'

const WIDTHS = [390, 1440] as const
const board = (page: Page) => page.getByRole('region', { name: 'Failure groups' })
const groupRows = (page: Page) =>
  board(page)
    .getByRole('grid', { name: 'Failure groups, largest first' })
    .getByRole('row', { name: / failed / })

/** Nothing scrolls sideways: the page is as wide as the screen. */
const expectNoSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

/** One id's reschedule on record, so rows carry "Rescheduled by …" and the trail has a run. */
async function rescheduleOne(page: Page) {
  const ids = await executionRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-row-id')),
  )
  // A plain id (other tests of this worker may have rescheduled the special ones: the trail outlives the demo's reset).
  const id = ids.find((candidate) => candidate !== null && /^exec-\d+$/.test(candidate)) ?? ''
  await page.getByRole('button', { name: new RegExp(`^Reschedule ${id}( again)?$`) }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  return id
}

// Issue 47's states, each at a phone's and a desktop's width, in both themes: axe stays clean, nothing scrolls
// sideways at 390 px (§5: the board's select and a hidden table did, a card's "Rescheduled by …" lay over its id,
// the header's user was clipped, the audit table was cut off).
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of WIDTHS) {
    test.describe(`${colorScheme}, ${width} px`, () => {
      test.use({ colorScheme, viewport: { width, height: 900 } })

      test('the list, the board with a group open, its dialogs and the audit trail pass axe and fit', async ({
        page,
      }) => {
        test.setTimeout(120_000)
        await openDashboard(page, '/?m.env=staging')
        const id = await rescheduleOne(page)
        await page.reload()
        await expect(executionRows(page).first()).toBeVisible()
        const marked = page.getByRole('button', { name: `Reschedule ${id} again` })
        await expect(marked).toBeVisible()
        await expectNoViolations(page)
        await expectNoSidewaysScroll(page, width)
        // Each number says what it counts, visibly (on a phone the filters are folded with their counts).
        if (width >= 1280) {
          await expect(page.getByText('On page:')).toBeVisible()
          await expect(page.getByText(/^\d+ executions on page 1;/)).toBeVisible()
          await expect(
            page.getByRole('region', { name: 'Overview' }).getByText(/^Total that match/),
          ).toBeVisible()
        }
        // The mark never lies over the id of its card or row.
        const idCell = page
          .getByRole('row', { name: new RegExp(`^Execution ${id}`) })
          .locator('td')
          .first()
        const [a, b] = [await idCell.boundingBox(), await marked.boundingBox()]
        if (a && b) expect(a.x + a.width <= b.x || b.y >= a.y + a.height || b.y + b.height <= a.y).toBe(true)
        // Who you are is in the header whole.
        const user = page.getByRole('banner').locator('.session-user')
        expect(await user.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)

        await page.goto('/?m.env=staging&triage=1&group=key:region')
        await expect(groupRows(page).first()).toBeFocused({ timeout: 30_000 })
        await page.keyboard.press('Enter')
        await expect(page).toHaveURL(/open-group=/)
        await expectNoViolations(page)
        await expectNoSidewaysScroll(page, width)
        // On a wide screen the board sits beside the list: the list's first row stays on the first screen (it was
        // at y = 1,167 under the board).
        if (width >= 1280) {
          await page.evaluate(() => window.scrollTo(0, 0))
          const first = await executionRows(page).first().boundingBox()
          expect(first?.y ?? Infinity).toBeLessThan(900)
        }

        await page.keyboard.press('a')
        await expect(page.getByRole('dialog', { name: /^Acknowledge the failures of / })).toBeVisible()
        await expectNoViolations(page)
        await page.keyboard.press('Escape')
        await page.keyboard.press('r')
        const dialog = page.getByRole('dialog', { name: /^Reschedule the / })
        await expect(dialog.getByRole('button', { name: /^Reschedule \d+ executions?$/ })).toBeVisible({
          timeout: 30_000,
        })
        await expectNoViolations(page)
        await dialog.getByRole('button', { name: 'Cancel' }).click()

        await page.keyboard.press('t')
        const audit = page.getByRole('region', { name: 'Audit trail' })
        await expect(audit.getByRole('row').filter({ hasText: id }).first()).toBeVisible()
        await expectNoViolations(page)
        await expectNoSidewaysScroll(page, width)
        // Every column of a record is on screen (the run's, last, was cut off at 390 px).
        const run = audit.getByRole('row').filter({ hasText: id }).first().getByRole('cell').last()
        const box = await run.boundingBox()
        expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
      })
    })
  }
}
