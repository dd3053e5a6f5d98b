import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { executionRows, openDashboard, displaySettings } from './support/executionsPage.ts'

const overview = (page: Page) => page.getByRole('region', { name: 'Overview' })
const order = (page: Page) => overview(page).getByRole('combobox', { name: 'Order' })
const RANK: Record<string, number> = { Failed: 0, Started: 1, Created: 2, Succeeded: 4 }

/** The text of one column's cells, row by row. */
const columnTexts = (page: Page, column: string) =>
  executionRows(page).evaluateAll(
    (rows, name) =>
      rows.map((row) => row.querySelector(`[data-column="${name}"]`)?.textContent?.trim() ?? ''),
    column,
  )

/** "3 min 12 s", "2 h 5 min", "45 s", "1 d 2 h" in seconds. */
function seconds(text: string): number {
  const unit: Record<string, number> = { d: 86_400, h: 3_600, min: 60, s: 1 }
  let total = 0
  for (const [, amount, name] of text.matchAll(/(\d+) (d|h|min|s)\b/g))
    total += Number(amount) * (unit[name ?? ''] ?? 0)
  return total
}

test('the list takes an order from the index once it holds every execution, labelled as such, kept in the URL', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await openDashboard(page)
  // Offered once the index holds every execution of the filters and the overview has next asked: its first scan
  // shares the worker's budget with the views of the tests before it, and the overview asks every 10 s.
  await expect(order(page)).toBeEnabled({ timeout: 45_000 })
  await expect(order(page)).toHaveValue('api')

  await order(page).selectOption({ label: 'Failed first' })
  await expect(page).toHaveURL(/sort=state/)
  await expect(
    overview(page).getByText(
      'The list below comes from the dashboard’s index, failed first, then running, waiting and succeeded: the API promises no order.',
    ),
  ).toBeVisible()
  await expect(order(page)).toHaveAccessibleDescription(
    /^From the dashboard’s index, which holds every execution of these filters/,
  )
  await expect(page.getByRole('columnheader', { name: 'State' })).toHaveAttribute('aria-sort', 'other')
  await expect(page.getByRole('grid', { name: 'Executions', exact: true })).toHaveAccessibleDescription(
    /^In the dashboard's index's order/,
  )
  await expect
    .poll(async () => {
      const ranks = (await columnTexts(page, 'state')).map((text) => RANK[text] ?? 3)
      return ranks.length > 0 && ranks.every((rank, at) => at === 0 || (ranks[at - 1] ?? 0) <= rank)
    })
    .toBe(true)

  // Duration: a column to choose, and an order that puts the longest finished first.
  await (await displaySettings(page)).getByRole('button', { name: 'Columns…' }).click()
  await page.getByRole('list', { name: 'Columns' }).getByRole('checkbox', { name: 'Duration' }).check()
  await page.keyboard.press('Escape')
  await order(page).selectOption({ label: 'Longest finished first' })
  await expect(page).toHaveURL(/sort=duration/)
  await expect(page.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect
    .poll(async () => {
      const took = (await columnTexts(page, 'duration')).map(seconds)
      return (
        took.length > 0 &&
        took[0] !== 0 &&
        took.every((value, at) => at === 0 || (took[at - 1] ?? 0) >= value)
      )
    })
    .toBe(true)

  // A reload keeps the order; going back to the API's order takes it out of the URL.
  await page.reload()
  await expect(order(page)).toHaveValue('duration')
  await order(page).selectOption({ label: 'As the API returns them' })
  await expect(page).not.toHaveURL(/sort=/)
  await expect(page.getByRole('columnheader', { name: 'Duration' })).not.toHaveAttribute('aria-sort', /.+/)
})

test('an order the link names that the server does not know is said, and the API’s order is used', async ({
  page,
}) => {
  await openDashboard(page, '/?sort=fastest')
  await expect(page.getByText(/sort must be one of created, updated, state, duration/)).toBeVisible()
  await expect(order(page)).toHaveValue('api')
})
