import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { currentStack } from './support/dashboardStack.ts'
import { openDashboard, shownIds } from './support/executionsPage.ts'
import { allDemoIds } from './support/exportFiles.ts'
import { expectNoViolations } from './support/axe.ts'

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/** The dashboard's index has scanned far enough to hold `id` (its first scan runs as the dashboard starts). */
async function indexHolds(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/index/execution?id=${encodeURIComponent(id)}`)
        return ((await answer.json()) as { data: { id: string } | null }).data?.id ?? null
      },
      { timeout: 30_000 },
    )
    .toBe(id)
}

test('an id pasted from an alert opens at once with its state from the index, and is rescheduled in 5 keys', async ({
  page,
  demo,
}) => {
  await openDashboard(page)
  const failed = await allDemoIds({ states: ['failed'] })
  const id = failed.at(-1) ?? ''
  expect(await shownIds(page)).not.toContain(id)
  await indexHolds(page, id)

  await page.keyboard.press('Control+k')
  await expect(palette(page).getByRole('combobox', { name: 'Execution id or command' })).toBeFocused()
  await page.keyboard.insertText(id)
  // The operator's guide's "5 keys after the paste" (docs/operators-guide.md): these, and no others, reschedule it.
  const keys = ['Enter', 'Control+k', 'r', 'Enter', 'Enter']
  await page.keyboard.press(keys[0] as string)
  const panel = attemptsPanel(page, id)
  await expect(panel).toBeVisible()
  await expect(panel.getByText('as the dashboard’s index last saw it', { exact: false })).toBeVisible()
  await expect(panel.getByRole('button', { name: `Reschedule ${id}` })).toBeVisible()
  for (const key of keys.slice(1, 4)) await page.keyboard.press(key)
  const confirm = page.getByRole('dialog').filter({ hasText: id })
  await expect(confirm.getByRole('button', { name: 'Reschedule' })).toBeFocused()
  await page.keyboard.press(keys[4] as string)
  await expect(confirm).toHaveCount(0)
  await expect.poll(async () => (await demo.stats()).reschedules_by_id[id]).toBe(1)
})

test('an id the API does not know says "not found in" the API, not a blank panel', async ({ page }) => {
  await openDashboard(page)
  await page.keyboard.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.insertText('exec-never-was')
  await page.keyboard.press('Enter')
  const panel = attemptsPanel(page, 'exec-never-was')
  await expect(panel.getByRole('alert')).toContainText(
    `Execution exec-never-was not found in ${currentStack().demoUrl}`,
  )
})

test('commands are found by a few letters: a time window, export, and the open execution’s log link', async ({
  page,
}) => {
  await openDashboard(page)
  await page.getByRole('button', { name: /Commands/ }).click()
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('last hour')
  await expect(palette(page).getByRole('option').first()).toHaveText(/Time window: Last hour/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/window=1h/)
  await expect(palette(page)).toHaveCount(0)

  // A dialog opened from the palette hands focus back to where it was before Ctrl+K.
  const opener = page.getByRole('button', { name: /Commands/ })
  await opener.focus()
  await page.keyboard.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('expo')
  await page.keyboard.press('Enter')
  const exportDialog = page.getByRole('dialog', { name: /Export/ })
  await expect(exportDialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(exportDialog).toHaveCount(0)
  await expect(opener).toBeFocused()

  // The link opens in a new tab; the logs host does not exist here, so the test stands in for it.
  await page
    .context()
    .route('https://logs.example.invalid/**', (route) => route.fulfill({ body: 'the logs' }))
  await page.goto('/?execution=exec-flaky')
  // The palette reads the commands as it opens: the execution's links are offered once its summary shows them.
  await expect(attemptsPanel(page, 'exec-flaky').getByRole('link', { name: 'Logs' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Theme' })).toBeAttached()
  await page.keyboard.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('logs')
  const link = palette(page).getByRole('option', { name: /Logs of exec-flaky/ })
  await expect(link).toBeVisible()
  const opening = page.waitForEvent('popup')
  await page.keyboard.press('Enter')
  const popup = await opening
  expect(popup.url()).toMatch(/^https:\/\/logs\.example\.invalid\/search\?q=exec-flaky/)
  await popup.close()
})

test('the open palette passes axe in both colour schemes', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await openDashboard(page)
    await page.keyboard.press('Control+k')
    await expect(palette(page).getByRole('combobox')).toBeFocused()
    await page.keyboard.type('re')
    await expect(palette(page).getByRole('option').first()).toBeVisible()
    await expectNoViolations(page)
  }
})
