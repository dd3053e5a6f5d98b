import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { openDashboard } from './support/executionsPage.ts'
import { filterByKeys, keyboardCounter } from './support/keyboardCounter.ts'

const grid = (page: Page) => page.getByRole('grid', { name: /^Executions/ })
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

// Issue 26's task, by keyboard alone: "failures started 20 minutes ago in env=production; find how many failed,
// look at the attempts of two, reschedule all failed in production, confirm they restarted, export the list for
// the incident report, share a link to the view". It took 95 keys; the goal is at most 30 besides typing.
test('the incident, walked with the keyboard alone in at most 30 keys besides typing', async ({
  page,
  demo,
}) => {
  test.setTimeout(90_000)
  await openDashboard(page)
  const keys = keyboardCounter(page)

  // Only the failed, from the palette.
  await keys.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('only failed')
  await expect(palette(page).getByRole('option').first()).toHaveText(/State: only Failed/)
  await keys.press('Enter')
  await expect(page).toHaveURL(/state=failed/)

  // env=production, from the metadata filter; Esc goes back to the list.
  await filterByKeys(page, keys, 'env', 'production')
  await expect(page).toHaveURL(/m\.env=production/)

  // How many failed: the overview says it, and whether the count is exact.
  const overview = page.getByRole('region', { name: 'Overview' })
  await expect(overview.getByRole('button', { name: /^Failed / })).toBeVisible()
  const rows = grid(page).getByRole('row', { name: /^Execution / })
  await expect(rows.nth(1)).toBeVisible()
  await keys.press('Escape')
  await expect(rows.first()).toBeFocused()

  // The attempts of two: Enter opens a row's, Esc brings focus back to the row, j moves on.
  for (const index of [0, 1]) {
    if (index > 0) await keys.press('j')
    const row = rows.nth(index)
    await expect(row).toBeFocused()
    const id = (await row.getAttribute('data-row-id')) ?? ''
    await keys.press('Enter')
    await expect(
      attemptsPanel(page, id).getByRole('heading', { name: `Attempts of ${id}`, exact: true }),
    ).toBeFocused()
    await keys.press('Escape')
    await expect(row).toBeFocused()
  }

  // Reschedule all matching: counted first; focus waits on the confirm button (or, above 100, in the typed count).
  await keys.press('m')
  const bulk = page.getByRole('dialog').filter({ hasText: 'matching the filters' })
  const confirm = bulk.getByRole('button', { name: /^Reschedule [\d,]+ executions?$/ })
  await expect(confirm).toBeVisible({ timeout: 30_000 })
  const count = Number(((await confirm.textContent()) ?? '').replace(/\D+/g, ''))
  expect(count).toBeGreaterThan(1)
  const countField = bulk.getByLabel(`Type ${count} to confirm`)
  if (count > 100) {
    await expect(countField).toBeFocused()
    await page.keyboard.type(String(count))
  } else {
    await expect(confirm).toBeFocused()
  }
  await keys.press('Enter')
  // They restarted: the summary says so, and has focus.
  const summary = bulk.getByText(new RegExp(`^${count.toLocaleString('en-US')} rescheduled, 0 failed`))
  await expect(summary).toBeFocused({ timeout: 30_000 })
  expect(Object.keys((await demo.stats()).reschedules_by_id)).toHaveLength(count)
  await keys.press('Escape')
  await expect(bulk).toHaveCount(0)

  // Confirm they restarted: the last bulk run stays, with where each of its executions stands now.
  await keys.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('last bulk run')
  await expect(palette(page).getByRole('option').first()).toHaveText(/Last bulk run/)
  await keys.press('Enter')
  const lastRun = page.getByRole('dialog', { name: 'Last bulk run' })
  const standings = lastRun.getByRole('list', { name: 'Where the run’s executions stand now' })
  await expect(standings).toBeVisible()
  const counted = (await standings.getByRole('listitem').allTextContents()).map((item) =>
    Number(item.replace(/^([\d,]+) .*$/, '$1').replaceAll(',', '')),
  )
  expect(counted.reduce((sum, n) => sum + n, 0)).toBe(count)
  await keys.press('Escape')
  await expect(lastRun).toHaveCount(0)

  // The export for the report: e, then Enter on Start export.
  await keys.press('e')
  const exportDialog = page.getByRole('dialog', { name: 'Export executions' })
  await expect(exportDialog.getByRole('button', { name: 'Start export' })).toBeFocused()
  const downloading = page.waitForEvent('download')
  await keys.press('Enter')
  expect((await downloading).suggestedFilename()).toMatch(/\.csv$/)
  await keys.press('Escape')
  await expect(exportDialog).toHaveCount(0)

  // A link to this screen for the incident channel: l.
  await keys.press('l')
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())

  // The incident walk's count in docs/operators-guide.md (the goal was at most 30; it took 95 before).
  expect(keys.count).toBe(22)
})

// The walk above leaves the time window out (the demo's reset between tests rewinds executions the server's index
// has already read, so a window's list from the index can be short). docs/operators-guide.md's "a time window from
// the palette takes 2 more, and “Copy link with this time window” from the palette 2 (l's plain link takes 1)" is counted
// here, on the window and the link, not on the rows.
test('a time window from the palette takes 2 keys besides typing, and the link that pins it 1 more than l', async ({
  page,
}) => {
  await openDashboard(page)
  const keys = keyboardCounter(page)
  const copied = () => page.evaluate(() => navigator.clipboard.readText())

  await keys.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('last hour')
  await expect(palette(page).getByRole('option').first()).toHaveText(/Time window: Last hour/)
  await keys.press('Enter')
  await expect(palette(page)).toHaveCount(0)
  await expect(page).toHaveURL(/[?&]window=1h(&|$)/)
  const overview = page.getByRole('region', { name: 'Overview' })
  await expect(overview.getByRole('combobox', { name: 'Time window' })).toHaveValue('1h')
  expect(keys.count).toBe(2)

  // The walk's link, l: one key, and the window in it moves with the clock.
  const beforeL = keys.count
  await keys.press('l')
  await expect.poll(copied).toBe(page.url())
  const byL = keys.count - beforeL
  expect(byL).toBe(1)

  // In its place, the link that pins the window to the bounds it covers now: one key more than l.
  const before = Date.now()
  const beforePinned = keys.count
  await keys.press('Control+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('copy link with')
  await expect(palette(page).getByRole('option').first()).toHaveText(/Copy link with this time window/)
  await keys.press('Enter')
  await expect(palette(page)).toHaveCount(0)
  await expect.poll(copied).toMatch(/[?&]from=/)
  const pinned = new URL(await copied())
  expect(pinned.searchParams.get('window')).toBeNull()
  const from = Date.parse(pinned.searchParams.get('from') ?? '')
  const to = Date.parse(pinned.searchParams.get('to') ?? '')
  expect(to - from).toBe(3_600_000)
  expect(to).toBeGreaterThanOrEqual(before - 1_000)
  const byPinned = keys.count - beforePinned
  expect(byPinned).toBe(2)
  expect(byPinned - byL).toBe(1)
})
