import { expect, test } from './support/fixtures.ts'
import { attemptsPanel, openFromKeyboard } from './support/attemptsPanel.ts'
import { inDisplayMenu, openDashboard } from './support/executionsPage.ts'

const EXECUTION = 'job/2026 #1'

// Beside the attempts panel the list has 60 % of the width: its columns give way (decision 23) so that a row's
// Actions stay in view.
for (const [width, mode] of [
  [1440, 'utc'],
  [1440, 'local'],
  [1366, 'relative'],
] as const) {
  test(`at ${width} px beside the attempts panel, in ${mode} times, the list's actions stay in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await openDashboard(page)
    await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Times' }).selectOption(mode))
    await openFromKeyboard(page, EXECUTION)
    await expect(attemptsPanel(page, EXECUTION).getByRole('table')).toBeVisible()
    const row = page.getByRole('row', { name: `Execution ${EXECUTION}` })
    await expect(row.getByRole('button', { name: `Reschedule ${EXECUTION}` })).toBeInViewport({ ratio: 1 })
    // The grid's region scrolls sideways when the columns do not fit (so Actions would be out of view).
    const region = page.getByRole('grid', { name: /^Executions/ }).locator('..')
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  })
}
