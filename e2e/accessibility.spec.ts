import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { expectNoViolations } from './support/axe.ts'
import { openDashboard, displaySettings, inDisplayMenu } from './support/executionsPage.ts'

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme })

    test('the table, filters in use, the panel and the dialog pass axe', async ({ page }) => {
      test.setTimeout(90_000)
      await openDashboard(page)
      await expectNoViolations(page)

      await page
        .getByRole('group', { name: 'State', exact: true })
        .getByRole('checkbox', { name: 'Failed' })
        .check()
      await page.getByRole('button', { name: 'Filter by team=data' }).first().click()
      await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible()
      await expectNoViolations(page)

      await page.getByRole('row', { name: 'Execution job/2026 #1' }).getByRole('gridcell').nth(1).click()
      await expect(attemptsPanel(page, 'job/2026 #1').getByRole('table')).toBeVisible()
      await expectNoViolations(page)

      await attemptsPanel(page, 'job/2026 #1').getByRole('button', { name: 'Reschedule job/2026 #1' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoViolations(page)
    })

    test('the views, export and bulk reschedule dialogs pass axe', async ({ page }) => {
      test.setTimeout(90_000)
      await openDashboard(page, '/?state=failed')
      await page.getByRole('button', { name: 'Views…' }).click()
      const views = page.getByRole('dialog', { name: 'Saved views' })
      await views.getByLabel('View name').fill('Failed')
      await views.getByRole('button', { name: 'Save current view' }).click()
      await expect(views.getByRole('button', { name: 'Open view Failed' })).toBeVisible()
      await expectNoViolations(page)
      await views.getByRole('button', { name: 'Close' }).click()

      await (await displaySettings(page)).getByRole('button', { name: 'Columns…' }).click()
      await expect(page.getByRole('list', { name: 'Columns' })).toBeVisible()
      await page.getByLabel('Density').selectOption('compact')
      await expectNoViolations(page)
      await (await displaySettings(page)).getByRole('button', { name: 'Columns…' }).click()

      await page.getByRole('button', { name: 'Export…' }).click()
      await expect(page.getByRole('dialog', { name: 'Export executions' })).toBeVisible()
      await expectNoViolations(page)
      await page
        .getByRole('dialog', { name: 'Export executions' })
        .getByRole('button', { name: 'Close' })
        .click()

      await page.getByRole('checkbox', { name: 'Select all executions on this page' }).check()
      await expectNoViolations(page)
      await page.getByRole('button', { name: /^Reschedule \d+ executions…$/ }).click()
      await expect(page.getByRole('form', { name: 'Confirm the bulk reschedule' })).toBeVisible()
      await expectNoViolations(page)
    })

    test('the phone layout, its drawer, and the new-rows bar pass axe', async ({ page, demo }) => {
      test.setTimeout(90_000)
      await page.setViewportSize({ width: 390, height: 844 })
      await openDashboard(page)
      await page.getByText('Filters', { exact: true }).click()
      await expectNoViolations(page)
      const row = page.getByRole('row', { name: 'Execution job/2026 #1' })
      await row.focus()
      await page.keyboard.press('Enter')
      await expect(
        page.getByRole('dialog', { name: 'Attempts of job/2026 #1' }).getByRole('table'),
      ).toBeVisible()
      await expectNoViolations(page)
      await page.keyboard.press('Escape')

      await page.setViewportSize({ width: 1280, height: 720 })
      const rows = [1, 2].map((n) => ({
        id: `row-${n}`,
        state: 'started',
        created_at: '2026-11-20T10:00:00Z',
        updated_at: '2026-11-20T10:05:00Z',
      }))
      await demo.serveExecutionPage(rows)
      await page.goto('/')
      await page.getByRole('row', { name: 'Execution row-1' }).focus()
      await demo.clearFaults()
      await demo.serveExecutionPage([{ ...rows[0], id: 'row-new' }, ...rows])
      await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Every' }).selectOption('5'))
      await page.getByRole('row', { name: 'Execution row-1' }).focus()
      await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeVisible({ timeout: 10_000 })
      await expectNoViolations(page)
    })

    test('the overview with a window, its histogram and the custom range pass axe, also at 320 px', async ({
      page,
    }) => {
      test.setTimeout(90_000)
      await openDashboard(page, '/?window=7d')
      const overview = page.getByRole('region', { name: 'Overview' })
      await expect(
        overview.getByRole('status').filter({ hasText: /^(Exact|At least|Counting)/ }),
      ).toBeVisible()
      const bars = overview.getByRole('toolbar', { name: 'Executions over time' }).getByRole('button')
      await bars.first().focus()
      await expectNoViolations(page)
      await overview.getByRole('combobox', { name: 'Time window' }).selectOption({ label: 'Custom range…' })
      await expect(overview.getByRole('form', { name: 'Custom time range' })).toBeVisible()
      await expectNoViolations(page)

      await page.setViewportSize({ width: 320, height: 700 })
      // A phone folds the overview behind its summary line (and draws it anew when unfolded).
      await page.getByText('Overview: counts and time window', { exact: true }).click()
      await overview.getByRole('combobox', { name: 'Time window' }).selectOption({ label: 'Custom range…' })
      await expect(overview.getByRole('form', { name: 'Custom time range' })).toBeVisible()
      await expectNoViolations(page)
    })

    test('the failure groups board and its Acknowledge dialog pass axe, also at 320 px', async ({ page }) => {
      test.setTimeout(60_000)
      await openDashboard(page, '/?m.env=staging&triage=1&group=key:region')
      const board = page.getByRole('region', { name: 'Failure groups' })
      await expect(board.getByRole('rowheader').first()).toBeVisible({ timeout: 20_000 })
      await expectNoViolations(page)
      await board
        .getByRole('button', { name: /^Acknowledge the failures of / })
        .first()
        .click()
      await expect(page.getByRole('dialog', { name: /^Acknowledge the failures of / })).toBeVisible()
      await expectNoViolations(page)
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
      await page.setViewportSize({ width: 320, height: 700 })
      await expect(board.getByRole('rowheader').first()).toBeVisible()
      await expectNoViolations(page)
    })

    test('an error panel passes axe', async ({ page, demo }) => {
      await demo.addFaults([
        {
          operation: 'list_executions',
          status: 400,
          body: '{"message":"Bad filter"}',
          contentType: 'application/json',
        },
      ])
      await page.goto('/')
      await expect(page.getByRole('alert')).toContainText('Bad filter')
      await expectNoViolations(page)
    })
  })
}

test('the theme toggle overrides the system preference and is remembered', async ({ page }) => {
  await openDashboard(page)
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  const theme = page.getByRole('combobox', { name: 'Theme' })
  await theme.selectOption('dark')
  await expect.poll(background).toBe('rgb(15, 18, 22)')
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark')
  await expect.poll(background).toBe('rgb(15, 18, 22)')
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light')
  await expect.poll(background).toBe('rgb(246, 247, 249)')
})
