import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { demoIds } from './support/demoQuery.ts'
import {
  expectIds,
  openDashboard,
  recordListBodies,
  shownIds,
  inDisplayMenu,
} from './support/executionsPage.ts'
import { allDemoIds } from './support/exportFiles.ts'
import { indexVerifiedSince } from './support/indexVerified.ts'

const bulkBar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' })
const bulkDialog = (page: Page) => page.getByRole('dialog', { name: /^Reschedule executions/ })
const table = (page: Page) => page.getByRole('grid', { name: /^Executions/ })

async function openWithoutPolling(page: Page, path: string) {
  await openDashboard(page, path)
  // Polling would refetch under the test; the runs' own refetch at the end is what is checked.
  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
}

test('checkboxes select by id, Shift+click selects a range, and the selection survives paging', async ({
  page,
}) => {
  await openWithoutPolling(page, '/?size=10')
  const ids = await shownIds(page)
  await table(page)
    .getByRole('checkbox', { name: `Select ${ids[1] ?? ''}` })
    .click()
  await table(page)
    .getByRole('checkbox', { name: `Select ${ids[4] ?? ''}` })
    .click({ modifiers: ['Shift'] })
  await expect(bulkBar(page)).toContainText('4 selected')
  for (const id of ids.slice(1, 5)) {
    await expect(table(page).getByRole('checkbox', { name: `Select ${id}` })).toBeChecked()
  }
  await expect(
    table(page).getByRole('checkbox', { name: 'Select all executions on this page' }),
  ).not.toBeChecked()

  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect.poll(() => shownIds(page)).not.toEqual(ids)
  await expect(bulkBar(page)).toContainText('4 selected')
  await table(page).getByRole('checkbox', { name: 'Select all executions on this page' }).check()
  await expect(bulkBar(page)).toContainText('14 selected')
  await page.getByRole('button', { name: 'Previous page' }).first().click()
  await expectIds(page, ids)
  await expect(table(page).getByRole('checkbox', { name: `Select ${ids[2] ?? ''}` })).toBeChecked()
  await bulkBar(page).getByRole('button', { name: 'Clear selection' }).click()
  await expect(bulkBar(page)).not.toContainText('selected')
  await expect(table(page).getByRole('checkbox', { name: `Select ${ids[2] ?? ''}` })).not.toBeChecked()
})

test('rescheduling the selection sends one PATCH per execution and lists each result', async ({
  page,
  demo,
}) => {
  await openWithoutPolling(page, '/?state=failed')
  const ids = (await shownIds(page)).slice(0, 3)
  for (const id of ids)
    await table(page)
      .getByRole('checkbox', { name: `Select ${id}` })
      .check()
  await bulkBar(page).getByRole('button', { name: 'Reschedule 3 executions…' }).click()
  const dialog = bulkDialog(page)
  await expect(dialog).toContainText('3 executions selected: 3 Failed')
  // The dialog opens on its confirm button, and the run ends on its summary: Enter is enough, focus never lost.
  await expect(dialog.getByRole('button', { name: 'Reschedule 3 executions' })).toBeFocused()
  await page.keyboard.press('Enter')
  const summary = dialog.getByText('3 rescheduled, 0 failed, 0 with an unknown outcome.')
  await expect(summary).toBeVisible()
  await expect(summary).toBeFocused()
  const results = dialog.getByRole('table', { name: 'Results of the bulk reschedule' })
  for (const id of ids)
    await expect(results.getByRole('row', { name: new RegExp(`^${id} Rescheduled`) })).toBeVisible()
  expect((await demo.stats()).reschedules_by_id).toEqual(Object.fromEntries(ids.map((id) => [id, 1])))

  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download results' }).click()
  expect((await downloading).suggestedFilename()).toMatch(/^reschedule-results-.*\.csv$/)
  await dialog.getByRole('button', { name: 'Close' }).click()
  // Rescheduled executions leave the selection, and the list refetched once at the end: they left the filter.
  await expect(bulkBar(page)).not.toContainText('selected')
  await expect.poll(() => shownIds(page)).not.toContain(ids[0])
  // An export now is of the filter, and says so: it is not the set just acted on.
  await page.getByRole('button', { name: 'Export…' }).click()
  await expect(page.getByRole('dialog', { name: 'Export executions' })).toContainText(
    'You rescheduled 3 executions at',
  )
  await expect(page.getByRole('dialog', { name: 'Export executions' })).toContainText(
    'This export reflects the current filter, not the set you rescheduled.',
  )
})

test('all matching: a dry run counts first, a typed count confirms, and 429, 503 and a dropped connection never double-apply', async ({
  page,
  demo,
}) => {
  // Over a hundred PATCHes, each recorded in the audit trail before and after it is sent.
  test.setTimeout(90_000)
  const since = Date.now()
  const filters = { states: ['failed'], metadata: [{ key: 'env', values: ['production'] }] }
  const expected = await allDemoIds(filters)
  expect(expected.length).toBeGreaterThan(100)
  await openWithoutPolling(page, '/?state=failed&m.env=production')
  // The count comes from the index: as of a walk after this test's data was set, so it is the demo's.
  await indexVerifiedSince(page, 'state=failed&m.env=production', since)
  await bulkBar(page).getByRole('button', { name: 'Reschedule all matching…' }).click()
  const dialog = bulkDialog(page)
  await expect(dialog).toContainText(
    `${expected.length.toLocaleString('en-US')} executions matching the filters`,
  )
  expect((await demo.stats()).requests.reschedule).toBe(0)

  const confirm = dialog.getByRole('button', {
    name: `Reschedule ${expected.length.toLocaleString('en-US')} executions`,
  })
  await expect(confirm).toBeDisabled()
  // After the count, focus waits in the typed count (never on the page's body).
  await expect(dialog.getByLabel(`Type ${expected.length} to confirm`)).toBeFocused()
  // The set as counted goes into the incident report before anything is sent.
  const exporting = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export this set' }).click()
  const exported = await exporting
  expect(exported.suggestedFilename()).toMatch(/^reschedule-set-.*\.csv$/)
  const lines = (await readFile((await exported.path()) ?? '', 'utf8')).trim().split(/\r?\n/)
  expect(lines[0]).toBe('id,state,created_at,updated_at')
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([...expected].sort())
  await dialog.getByLabel(`Type ${expected.length} to confirm`).fill(String(expected.length))
  await demo.addFaults([
    { operation: 'reschedule', status: 429, retryAfter: 1, times: 2 },
    { operation: 'reschedule', status: 503, times: 2 },
    { operation: 'reschedule', drop: true, times: 1 },
  ])
  const listCalls = recordListBodies(page)
  await confirm.click()
  await expect(dialog).toContainText(
    `${(expected.length - 1).toLocaleString('en-US')} rescheduled, 0 failed, 1 with an unknown outcome.`,
    { timeout: 30_000 },
  )
  // The list refetches once when the run ends (and may prefetch its next page), not once per execution.
  await expect.poll(() => listCalls.length).toBeGreaterThan(0)
  expect(listCalls.length).toBeLessThanOrEqual(2)
  const stats = await demo.stats()
  const unknown = expected.filter((id) => stats.applied_by_id[id] === undefined)
  expect(unknown).toHaveLength(1)
  await expect(
    dialog.getByRole('row', { name: new RegExp(`^${unknown[0] ?? ''} Unknown outcome`) }),
  ).toBeVisible()
  // Every id applied at most once, and the one whose connection dropped was never sent again (else applied).
  expect(Object.keys(stats.applied_by_id).sort()).toEqual(expected.filter((id) => id !== unknown[0]).sort())
  expect(Object.values(stats.applied_by_id).every((count) => count === 1)).toBe(true)
  // The only PATCHes sent twice are the four the API answered "not handled" (429, 503).
  const sent = Object.values(stats.reschedules_by_id).reduce((sum, count) => sum + count, 0)
  expect(sent).toBe(expected.length + 4)
  expect(Object.keys(stats.reschedules_by_id).sort()).toEqual([...expected].sort())
  expect(await demoIds({ page: { first: 100 }, filters })).not.toContain(expected[0])
})

test('pause, leave-page guard, resume, cancel, then retry only what failed or was not sent', async ({
  page,
  demo,
}) => {
  await openWithoutPolling(page, '/?state=failed')
  const ids = await shownIds(page)
  await table(page).getByRole('checkbox', { name: 'Select all executions on this page' }).check()
  await bulkBar(page)
    .getByRole('button', { name: `Reschedule ${ids.length} executions…` })
    .click()
  const dialog = bulkDialog(page)
  await dialog.getByLabel('Requests at a time').selectOption('1')
  await demo.addFaults([
    { operation: 'reschedule', status: 409, times: 1 },
    { operation: 'reschedule', delayMs: 150 },
  ])
  await dialog.getByRole('button', { name: `Reschedule ${ids.length} executions` }).click()
  await expect(dialog.getByRole('progressbar', { name: 'Bulk reschedule progress' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Pause' }).click()
  await expect(dialog).toContainText('Paused')

  const asked = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const leave = await asked
  expect(leave.type()).toBe('beforeunload')
  await leave.dismiss()

  await dialog.getByRole('button', { name: 'Resume' }).click()
  await expect(dialog).toContainText('Rescheduling')
  await dialog.getByRole('button', { name: 'Cancel run' }).click()
  await expect(dialog).toContainText('Cancelled.')
  const firstRun = await demo.stats()
  const sent = Object.keys(firstRun.reschedules_by_id)
  expect(sent.length).toBeLessThan(ids.length)
  expect(Object.values(firstRun.reschedules_by_id).every((count) => count === 1)).toBe(true)
  await expect(dialog.getByRole('row', { name: /Failed/ })).toHaveCount(1)

  const retry = dialog.getByRole('button', { name: /^Retry failed \(\d+\)$/ })
  await expect(retry).toHaveText(`Retry failed (${ids.length - sent.length + 1})`)
  await retry.click()
  await dialog.getByRole('button', { name: `Reschedule ${ids.length - sent.length + 1} executions` }).click()
  await expect(dialog).toContainText(`${ids.length - sent.length + 1} rescheduled, 0 failed`)
  const applied = (await demo.stats()).applied_by_id
  expect(Object.keys(applied).sort()).toEqual([...ids].sort())
  expect(Object.values(applied).every((count) => count === 1)).toBe(true)
})

test('Last bulk run limits the list to the run’s executions, with where they stand now, and Back or Show all leaves it', async ({
  page,
}) => {
  await openWithoutPolling(page, '/?state=failed&size=10')
  const ids = (await shownIds(page)).slice(0, 2)
  for (const id of ids)
    await table(page)
      .getByRole('checkbox', { name: `Select ${id}` })
      .check()
  await bulkBar(page).getByRole('button', { name: 'Reschedule 2 executions…' }).click()
  const dialog = bulkDialog(page)
  await dialog.getByRole('button', { name: 'Reschedule 2 executions' }).click()
  await expect(dialog.getByText('2 rescheduled, 0 failed, 0 with an unknown outcome.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()

  // The chip: the run's frozen set, whatever states its executions have moved to, and no other filter.
  await bulkBar(page)
    .getByRole('button', { name: /^Last bulk run: 2 at / })
    .click()
  await expect(page).toHaveURL(/[?&]run=[\w-]+/)
  const run = new URL(page.url()).searchParams.get('run') ?? ''
  expect(new URL(page.url()).searchParams.getAll('state')).toEqual([])
  await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...ids].sort())
  const scope = page.getByRole('region', { name: /^Bulk run / })
  await expect(scope).toContainText('Only the executions bulk run')
  await expect(scope).toContainText('sent (2)')
  const standings = scope.getByRole('list', { name: 'Where the run’s executions stand now' })
  await expect
    .poll(async () =>
      (await standings.getByRole('listitem').allTextContents())
        .map((item) => Number(item.replace(/^([\d,]+) .*$/, '$1')))
        .reduce((sum, n) => sum + n, 0),
    )
    .toBe(2)
  // What acts on the filters waits, saying why, while the list shows one run.
  await expect(page.getByRole('button', { name: 'Export…' })).toBeDisabled()
  await expect(bulkBar(page).getByRole('button', { name: 'Reschedule all matching…' })).toBeDisabled()
  await scope.getByRole('button', { name: 'Report…' }).click()
  const report = page.getByRole('dialog', { name: 'Bulk run report' })
  for (const id of ids)
    await expect(report.getByRole('row', { name: new RegExp(`^${id} rescheduled`) })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(report).toHaveCount(0)

  // Back returns to the filters the run was sent from; Show all executions leaves the run for the whole list.
  await page.goBack()
  await expect(page).toHaveURL(/state=failed/)
  await expect(scope).toHaveCount(0)
  await page.goForward()
  await expect(scope).toBeVisible()
  await scope.getByRole('button', { name: 'Show all executions' }).click()
  await expect(scope).toHaveCount(0)
  expect(new URL(page.url()).searchParams.has('run')).toBe(false)
  await expect.poll(async () => (await shownIds(page)).length).toBe(10)

  // The audit trail leads to the same set from the run's id.
  await page.getByRole('button', { name: 'Audit', exact: true }).click()
  const audit = page.getByRole('region', { name: 'Audit trail' })
  await audit
    .getByRole('link', { name: `Open what bulk run ${run.slice(0, 8)} acted on` })
    .first()
    .click()
  await expect(audit).toHaveCount(0)
  // What the run acted on: the filters it was sent from (its executions in every state they are in now).
  expect(new URL(page.url()).searchParams.get('run')).toBe(run)
  await expect(scope).toContainText('sent (2)')
  await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...ids].sort())
})
