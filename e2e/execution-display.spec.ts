import { expect, test } from './support/fixtures.ts'
import type { Page } from '@playwright/test'
import { openDashboard, displaySettings } from './support/executionsPage.ts'

/** The list's time cells: each cell is the time, with the instant in data-datetime. */
const timeCells = (page: Page) =>
  page.getByRole('grid').getByRole('gridcell').and(page.locator('[data-datetime]'))

test('the Times setting switches between relative, local and UTC', async ({ page }) => {
  await openDashboard(page)
  const firstTime = timeCells(page).first()
  const dateTime = (await firstTime.getAttribute('data-datetime')) ?? ''
  await expect(firstTime).toHaveText(/ago|just now/)

  const setting = (await displaySettings(page)).getByRole('combobox', { name: 'Times' })
  await setting.selectOption('utc')
  const utcText = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(dateTime))
  await expect(firstTime).toHaveText(`${utcText} UTC`)

  await setting.selectOption('local')
  await expect(firstTime).not.toHaveText(/UTC|ago/)

  // The choice is remembered.
  await page.reload()
  await expect((await displaySettings(page)).getByRole('combobox', { name: 'Times' })).toHaveValue('local')
})

test('focusing a time reveals local and UTC', async ({ page }) => {
  await openDashboard(page)
  const firstTime = timeCells(page).first()
  await firstTime.focus()
  const tooltip = page.getByRole('tooltip').filter({ visible: true })
  await expect(tooltip).toHaveCount(1)
  await expect(tooltip).toContainText('Local:')
  await expect(tooltip).toContainText(/UTC: .+ UTC/)
})

test('state badges carry text and an unknown state shows its raw value', async ({ page, demo }) => {
  await demo.serveExecutionPage([
    {
      id: 'odd-1',
      state: 'cancelled',
      created_at: '2026-11-20T10:00:00.123456789+05:30',
      updated_at: '2026-11-20T10:00:00Z',
      note: 'extra',
    },
  ])
  await page.goto('/')
  await expect(
    page.getByRole('row', { name: /odd-1/ }).getByRole('gridcell', { name: 'cancelled' }),
  ).toBeVisible()
})
