import { expect, test } from './support/fixtures.ts'
import { openDashboard } from './support/executionsPage.ts'

const ID = 'exec-markup'

test.describe('whatever a real API answers to a reschedule, one confirmation is one PATCH and the words are true', () => {
  for (const [reading, message] of [
    ['204', `Reschedule of ${ID} requested (HTTP 204, no execution in the answer); refreshing its state.`],
    ['202', `Reschedule of ${ID} requested: accepted by the API; it may take a moment.`],
    ['top-level', `Execution ${ID} rescheduled; the API says its state is now Created.`],
  ] as const) {
    test(`answered ${reading}`, async ({ page, demo }) => {
      await demo.useReadings({ rescheduleAnswer: reading })
      await openDashboard(page)
      const row = page.getByRole('row', { name: `Execution ${ID}` })
      await row.getByRole('button', { name: `Reschedule ${ID}` }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
      await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(row.getByRole('button', { name: `Reschedule ${ID} again` })).toBeFocused()
      // The list refetch shows what the API now holds, whatever the answer carried.
      await expect(row.getByRole('gridcell', { name: 'Created', exact: true })).toBeVisible()
      expect((await demo.stats()).reschedules_by_id).toEqual({ [ID]: 1 })
    })
  }

  test('answered with a new execution: both ids, and the new one can be opened', async ({ page, demo }) => {
    await demo.useReadings({ rescheduleAnswer: 'new-execution' })
    await openDashboard(page)
    await page.getByRole('button', { name: `Reschedule ${ID}` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Reschedule' }).click()
    await expect(dialog.getByRole('status')).toHaveText(
      `Execution ${ID} was rescheduled as a new execution, ${ID}-rerun.`,
    )
    await dialog.getByRole('button', { name: `Open ${ID}-rerun` }).click()
    await expect(page).toHaveURL(new RegExp(`execution=${ID}-rerun`))
    expect((await demo.stats()).reschedules_by_id).toEqual({ [ID]: 1 })
  })
})

test('holding Enter on Reschedule sends one PATCH', async ({ page, demo }) => {
  await openDashboard(page)
  await page.getByRole('button', { name: `Reschedule ${ID}` }).focus()
  await page.keyboard.down('Enter')
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Reschedule' })
  await expect(confirm).toBeFocused()
  // Auto-repeat: further keydowns of the held key carry repeat=true.
  for (let repeat = 0; repeat < 12; repeat += 1) await page.keyboard.down('Enter')
  await page.keyboard.up('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  expect((await demo.stats()).reschedules_by_id).toEqual({})
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  for (let repeat = 0; repeat < 12; repeat += 1) await page.keyboard.down('Enter')
  await page.keyboard.up('Enter')
  expect((await demo.stats()).reschedules_by_id).toEqual({ [ID]: 1 })
})
