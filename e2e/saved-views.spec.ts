import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { demoIds } from './support/demoQuery.ts'
import { expectIds, openDashboard, recordListBodies, displaySettings } from './support/executionsPage.ts'

const views = (page: Page) => page.getByRole('region', { name: 'Views' })
const viewsDialog = (page: Page) => page.getByRole('dialog', { name: 'Saved views' })

async function saveCurrentView(page: Page, name: string) {
  await views(page).getByRole('button', { name: 'Views…' }).click()
  const dialog = viewsDialog(page)
  await dialog.getByLabel('View name').fill(name)
  await dialog.getByRole('button', { name: 'Save current view' }).click()
  await expect(dialog.getByRole('status')).toHaveText(`Saved the view “${name}”.`)
}

async function copiedLink(page: Page, name: RegExp): Promise<string> {
  await views(page).getByRole('button', { name }).click()
  await expect(views(page).getByRole('button', { name })).toHaveText('Copied')
  return page.evaluate(() => navigator.clipboard.readText())
}

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  return { context, page: await context.newPage() }
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('save, reopen, rename and delete a view (with undo)', async ({ page }) => {
  await openDashboard(page, '/?state=failed&size=10')
  await saveCurrentView(page, 'Failed')
  await viewsDialog(page).getByRole('button', { name: 'Close' }).click()
  await expect(views(page)).toContainText('View: Failed')

  await openDashboard(page, '/?state=started')
  await expect(views(page)).toContainText('View: unsaved')
  await views(page).getByRole('button', { name: 'Views…' }).click()
  await viewsDialog(page).getByRole('button', { name: 'Open view Failed' }).click()
  await expect(viewsDialog(page)).toHaveCount(0)
  await expectIds(page, await demoIds({ page: { first: 10 }, filters: { states: ['failed'] } }))
  await expect(views(page)).toContainText('View: Failed')

  await views(page).getByRole('button', { name: 'Views…' }).click()
  const dialog = viewsDialog(page)
  await dialog.getByRole('button', { name: 'Rename Failed' }).click()
  await dialog.getByLabel('New name for Failed').fill('Failed runs')
  await dialog.getByLabel('New name for Failed').press('Enter')
  await expect(dialog.getByRole('button', { name: 'Open view Failed runs' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Delete Failed runs' }).click()
  await expect(dialog.getByRole('list', { name: 'Saved views' })).toHaveCount(0)
  await expect(dialog.getByRole('status')).toContainText('Deleted the view “Failed runs”.')
  await dialog.getByRole('button', { name: 'Undo' }).click()
  await expect(dialog.getByRole('button', { name: 'Open view Failed runs' })).toBeVisible()
})

test('a refused name says why and keeps the dialog as it was', async ({ page }) => {
  await openDashboard(page)
  await views(page).getByRole('button', { name: 'Views…' }).click()
  const dialog = viewsDialog(page)
  await dialog.getByLabel('View name').fill('   ')
  await dialog.getByRole('button', { name: 'Save current view' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Give the view a name of 1 to 80 characters.')
  await expect(dialog.getByText('No saved views yet.', { exact: false })).toBeVisible()
})

test('the default view opens without parameters, with its first list call already filtered', async ({
  page,
}) => {
  await openDashboard(page, '/?state=succeeded&size=50')
  await saveCurrentView(page, 'Succeeded')
  await viewsDialog(page).getByRole('button', { name: 'Open Succeeded by default' }).click()
  await expect(
    viewsDialog(page).getByRole('button', { name: 'Stop opening Succeeded by default' }),
  ).toBeVisible()

  const bodies = recordListBodies(page)
  await openDashboard(page, '/')
  await expect(page).toHaveURL(/\?size=50&state=succeeded$/)
  await expectIds(page, await demoIds({ page: { first: 50 }, filters: { states: ['succeed'] } }))
  // The first call the page makes is the default view's (the spec spells the state `succeed`).
  expect(bodies[0]).toEqual({ page: { first: 50 }, filters: { states: ['succeed'] } })
})

test('"Copy link" opened in a fresh browser gives the same rows and the open execution', async ({
  page,
  browser,
  baseURL,
}) => {
  await openDashboard(page, '/?state=failed&m.env=production')
  const first = await demoIds({
    page: { first: 20 },
    filters: { states: ['failed'], metadata: [{ key: 'env', values: ['production'] }] },
  })
  const opened = first[0] ?? ''
  await page.goto(`/?state=failed&m.env=production&execution=${encodeURIComponent(opened)}`)
  const link = await copiedLink(page, /^Copy link to this screen/)
  expect(link).not.toContain('token')

  const fresh = await freshPage(browser, baseURL)
  await fresh.page.goto(link)
  await expectIds(fresh.page, first)
  await expect(attemptsPanel(fresh.page, opened)).toBeVisible()
  await fresh.context.close()
})

test('"Copy view link" offers the receiver to save the view', async ({ page, browser, baseURL }) => {
  await openDashboard(page, '/?state=failed&m.env=production')
  await saveCurrentView(page, 'Failed')
  await viewsDialog(page).getByRole('button', { name: 'Close' }).click()
  const link = await copiedLink(page, /^Copy view link/)
  expect(new URL(link).searchParams.get('save-view')).toBe('Failed')

  const fresh = await freshPage(browser, baseURL)
  await fresh.page.goto(link)
  const offer = fresh.page.getByRole('form', { name: 'Save the shared view' })
  await expect(offer.getByLabel('Name for the shared view')).toHaveValue('Failed')
  await offer.getByRole('button', { name: 'Save view' }).click()
  await expect(offer).toHaveCount(0)
  await expect(views(fresh.page)).toContainText('View: Failed')
  await expect(fresh.page).not.toHaveURL(/save-view/)
  await fresh.context.close()
})

test('an incident link pins its time window, and a view link from an unsaved screen asks for a name', async ({
  page,
  browser,
  baseURL,
}) => {
  // Whether any execution falls in the window does not matter here: the link is what is checked.
  await page.goto('/?state=failed&window=1h&on=updated')
  await expect(views(page).getByRole('button', { name: /^Copy link with this time window/ })).toBeVisible()
  const before = Date.now()
  const pinned = new URL(await copiedLink(page, /^Copy link with this time window/))
  // The moving window became the bounds it covered as the link was copied.
  expect(pinned.searchParams.get('window')).toBeNull()
  const from = Date.parse(pinned.searchParams.get('from') ?? '')
  const to = Date.parse(pinned.searchParams.get('to') ?? '')
  expect(to - from).toBe(3_600_000)
  expect(to).toBeGreaterThanOrEqual(before - 1_000)
  expect(pinned.searchParams.get('on')).toBe('updated')
  expect(pinned.searchParams.getAll('state')).toEqual(['failed'])

  const link = await copiedLink(page, /^Copy view link/)
  const fresh = await freshPage(browser, baseURL)
  await fresh.page.goto(link)
  const offer = fresh.page.getByRole('form', { name: 'Save the shared view' })
  await expect(offer.getByLabel('Name for the shared view')).toHaveValue('')
  await offer.getByRole('button', { name: 'Save view' }).click()
  await expect(offer.getByRole('alert')).toHaveText('Name the view to keep it, e.g. what the incident was.')
  await offer.getByLabel('Name for the shared view').fill('Failures after the deploy')
  await offer.getByRole('button', { name: 'Save view' }).click()
  await expect(offer).toHaveCount(0)
  await expect(views(fresh.page)).toContainText('View: Failures after the deploy')
  await fresh.context.close()
})

test('views stay in step across open tabs', async ({ page, context }) => {
  await openDashboard(page, '/?state=started')
  const other = await context.newPage()
  await openDashboard(other, '/?state=started')
  await expect(views(other)).toContainText('View: unsaved')
  await saveCurrentView(page, 'Started')
  await expect(views(other)).toContainText('View: Started')
})

test('views export to a file and import into another browser', async ({ page, browser, baseURL }) => {
  await openDashboard(page, '/?state=failed')
  await saveCurrentView(page, 'Failed')
  const downloading = page.waitForEvent('download')
  await viewsDialog(page).getByRole('button', { name: 'Export views' }).click()
  const file = await (await downloading).path()
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ views: [{ name: 'Failed' }] })

  const fresh = await freshPage(browser, baseURL)
  await openDashboard(fresh.page)
  await views(fresh.page).getByRole('button', { name: 'Views…' }).click()
  const choosing = fresh.page.waitForEvent('filechooser')
  await viewsDialog(fresh.page).getByRole('button', { name: 'Import views…' }).click()
  await (await choosing).setFiles(file)
  await expect(viewsDialog(fresh.page).getByRole('status')).toHaveText('Imported 1 new and 0 replaced views.')
  await expect(viewsDialog(fresh.page).getByRole('button', { name: 'Open view Failed' })).toBeVisible()
  await fresh.context.close()
})

test('the column chooser and density are remembered, and a view brings its own back', async ({ page }) => {
  await openDashboard(page, '/?state=failed')
  const table = page.getByRole('grid', { name: /^Executions/ })
  const headers = async () =>
    (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim())
  await (await displaySettings(page)).getByRole('button', { name: 'Columns…' }).click()
  const chooser = page.getByRole('list', { name: 'Columns' })
  await chooser.getByRole('checkbox', { name: 'Created' }).uncheck()
  await chooser.getByRole('button', { name: 'Move Metadata left' }).click()
  await expect(chooser.getByRole('button', { name: 'Move State left' })).toBeDisabled()
  await expect(chooser).toContainText('ID stays first, with the checkboxes.')
  await page.getByLabel('Density').selectOption('compact')
  await expect.poll(headers).toEqual(['ID', 'State', 'Metadata', 'Updated', 'Actions'])

  await page.reload()
  await expect.poll(headers).toEqual(['ID', 'State', 'Metadata', 'Updated', 'Actions'])
  await expect(page.getByLabel('Density')).toHaveValue('compact')
  await saveCurrentView(page, 'Narrow')
  await viewsDialog(page).getByRole('button', { name: 'Close' }).click()

  await (await displaySettings(page)).getByRole('button', { name: 'Columns…' }).click()
  await page.getByRole('list', { name: 'Columns' }).getByRole('button', { name: 'Reset columns' }).click()
  await page.getByLabel('Density').selectOption('comfortable')
  await expect.poll(headers).toEqual(['ID', 'State', 'Created', 'Updated', 'Metadata', 'Actions'])

  await views(page).getByRole('button', { name: 'Views…' }).click()
  await viewsDialog(page).getByRole('button', { name: 'Open view Narrow' }).click()
  await expect.poll(headers).toEqual(['ID', 'State', 'Metadata', 'Updated', 'Actions'])
  await expect(page.getByLabel('Density')).toHaveValue('compact')
})
