import { expect, test } from './support/fixtures.ts'
import { attemptsPanel, recordAttemptBodies } from './support/attemptsPanel.ts'
import { demoIds } from './support/demoQuery.ts'
import { openDashboard, recordListBodies, shownIds, inDisplayMenu } from './support/executionsPage.ts'

function patches(page: import('@playwright/test').Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH')
      seen.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`)
  })
  return seen
}

test('reschedule from the panel: row and panel show created, attempts are refetched', async ({
  page,
  demo,
}) => {
  const sent = patches(page)
  const attemptCalls = recordAttemptBodies(page)
  await openDashboard(page, '/?execution=exec-markup')
  const panel = attemptsPanel(page, 'exec-markup')
  const row = page.getByRole('row', { name: 'Execution exec-markup' })
  await expect(row.getByText('Succeeded')).toBeVisible()
  await expect(panel.getByRole('table', { name: 'Attempts of exec-markup' })).toBeVisible()
  const attemptCallsBefore = attemptCalls.length

  await panel.getByRole('button', { name: 'Reschedule exec-markup' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reschedule exec-markup?' })
  await expect(dialog).toContainText('currently Succeeded')
  await expect(dialog).toContainText('will be scheduled to run again')
  await dialog.getByRole('button', { name: 'Reschedule' }).click()

  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Execution exec-markup rescheduled; the API says its state is now Created.' }),
  ).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByRole('gridcell', { name: 'Created', exact: true })).toBeVisible()
  await expect(panel.getByRole('term').filter({ hasText: 'State' })).toBeVisible()
  await expect(panel.getByRole('definition').filter({ hasText: 'Created' }).first()).toBeVisible()
  expect(sent).toEqual(['/api/executions/exec-markup/schedule {"schedule_for":true}'])
  await expect.poll(() => attemptCalls.length).toBeGreaterThan(attemptCallsBefore)
  expect((await demo.stats()).requests.reschedule).toBe(1)
  await expect(panel.getByRole('button', { name: 'Reschedule exec-markup again' })).toBeFocused()
})

test('a refused reschedule shows the server reason and keeps the state', async ({ page, demo }) => {
  await openDashboard(page)
  const row = page.getByRole('row', { name: 'Execution exec-locked' })
  await row.getByRole('button', { name: 'Reschedule exec-locked' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reschedule exec-locked?' })
  await dialog.getByRole('button', { name: 'Reschedule' }).click()

  await expect(dialog.getByRole('alert')).toContainText(
    'Execution exec-locked is locked by a running deployment and cannot be rescheduled',
  )
  await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeEnabled()
  expect((await demo.stats()).requests.reschedule).toBe(1)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByRole('gridcell', { name: 'Started', exact: true })).toBeVisible()
  expect((await demo.stats()).requests.reschedule).toBe(1)
})

test('a failing reschedule (500) is not retried', async ({ page, demo }) => {
  await demo.addFaults([
    {
      operation: 'reschedule',
      status: 500,
      body: '{"message":"database unavailable"}',
      contentType: 'application/json',
    },
  ])
  await openDashboard(page)
  await page.getByRole('button', { name: 'Reschedule exec-markup' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Reschedule' }).click()
  await expect(dialog.getByRole('alert')).toContainText('database unavailable')
  expect((await demo.stats()).requests.reschedule).toBe(1)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('row', { name: 'Execution exec-markup' }).getByText('Succeeded')).toBeVisible()
})

test('a double-click or a double Enter on confirm sends exactly one PATCH', async ({ page, demo }) => {
  // Long enough that both presses land while the first PATCH is out, even on a busy machine: after it, focus is back
  // on the row's button, where a second Enter opens a new confirmation (and sends nothing by itself).
  await demo.addFaults([{ operation: 'reschedule', delayMs: 1_500 }])
  await openDashboard(page)
  await page.getByRole('button', { name: 'Reschedule exec-flaky' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Reschedule' }).dblclick()
  await expect(dialog.getByRole('button', { name: 'Rescheduling…' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect((await demo.stats()).requests.reschedule).toBe(1)

  await page.getByRole('button', { name: 'Reschedule exec-002396' }).click()
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Reschedule' })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(
    page.getByRole('status').filter({ hasText: 'Execution exec-002396 rescheduled' }),
  ).toBeVisible()
  expect((await demo.stats()).requests.reschedule).toBe(2)
})

test('the odd id works end to end: row, panel, URL and reschedule', async ({ page }) => {
  const sent = patches(page)
  const id = 'job/2026 #1'
  await openDashboard(page)
  await page
    .getByRole('row', { name: `Execution ${id}` })
    .getByRole('gridcell')
    .nth(1)
    .click()
  const panel = attemptsPanel(page, id)
  await expect(panel).toBeVisible()
  await panel.getByRole('button', { name: `Reschedule ${id}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Execution ${id} rescheduled; the API says its state is now Created.` }),
  ).toBeVisible()
  expect(sent).toEqual(['/api/executions/job%2F2026%20%231/schedule {"schedule_for":true}'])
  await page.reload()
  await expect(attemptsPanel(page, id)).toBeVisible()
})

test('a rescheduled row that leaves the filter hands focus to the row now in its place', async ({ page }) => {
  await openDashboard(page, '/?state=failed')
  const [id, next] = await shownIds(page)
  if (!id || !next) throw new Error('fewer than two failed executions on the first page')
  await page.getByRole('button', { name: `Reschedule ${id}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('row', { name: `Execution ${id}`, exact: true })).toHaveCount(0)
  await expect(page.getByRole('row', { name: `Execution ${next}`, exact: true })).toBeFocused()
  // It stays, dimmed and explained, until the page changes.
  const lingering = page.getByRole('row', { name: `Execution ${id}, rescheduled, no longer matches` })
  await expect(lingering).toContainText('it no longer matches the filters')
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await page.getByRole('button', { name: 'Previous page' }).first().click()
  await expect(page.getByRole('row', { name: /^Execution / }).first()).toBeVisible()
  await expect(lingering).toHaveCount(0)
})

test('the panel says where its state comes from and how old it is', async ({ page, demo }) => {
  await openDashboard(page, '/?execution=exec-markup')
  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  const panel = attemptsPanel(page, 'exec-markup')
  await expect(panel.getByText(/^from the list, \d+ s ago$/)).toBeVisible()
  // The list read after the reschedule is slow, so the answer is what the panel shows first.
  await demo.addFaults([{ operation: 'list_executions', delayMs: 1500, times: 2 }])
  await panel.getByRole('button', { name: 'Reschedule exec-markup' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(panel.getByText(/^from the reschedule answer, \d+ s ago$/)).toBeVisible()
  await expect(panel.getByText(/^from the list, \d+ s ago$/)).toBeVisible()
})

test('an execution that is not on the loaded pages is looked up, then shown with Reschedule', async ({
  page,
}) => {
  const farIds = await demoIds({ page: { first: 60 } })
  const far = farIds[55] ?? ''
  await openDashboard(page, `/?size=10&execution=${encodeURIComponent(far)}`)
  const panel = attemptsPanel(page, far)
  // The index answers when it has scanned that far (it starts with the server); else the list is searched.
  await expect(
    panel.getByText(/^(as the dashboard’s index last saw it|found by searching the list), \d+ s ago$/),
  ).toBeVisible()
  await expect(panel.getByRole('button', { name: `Reschedule ${far}` })).toBeVisible()
})

test('an id the API answers 404 for says so once, and no search of the list runs for it', async ({
  page,
}) => {
  const bodies = recordListBodies(page)
  await openDashboard(page, '/?state=failed&m.env=production&execution=no-such-execution')
  const panel = attemptsPanel(page, 'no-such-execution')
  await expect(panel.getByRole('alert')).toContainText('Execution no-such-execution not found in')
  await expect(panel.getByText(/Not on the loaded pages|Searching the list/)).toHaveCount(0)
  await expect(panel.getByRole('button', { name: /^(Reschedule|Search)/ })).toHaveCount(0)
  // Only the list's own calls: none of the search's 100-row pages.
  expect(bodies.filter((body) => body.page.first === 100)).toEqual([])
})
