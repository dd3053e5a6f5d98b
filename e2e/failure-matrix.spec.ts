import { expect, test } from './support/fixtures.ts'
import { demoIds } from './support/demoQuery.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { expectIds, withoutLiveRefresh } from './support/executionsPage.ts'

// Each test is about the list's own read failing: no live stream or poll answers in its place.
test.beforeEach(async ({ page }) => withoutLiveRefresh(page))

const listAlert = (page: import('@playwright/test').Page) =>
  page.getByRole('alert').filter({ hasText: 'Executions could not be loaded' })

test('429 with Retry-After: the read waits, says so, and retries', async ({ page, demo }) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 429,
      retryAfter: 3,
      times: 1,
      body: '{"message":"slow down"}',
      contentType: 'application/json',
    },
  ])
  await page.goto('/')
  await expect(
    page.getByRole('status').filter({ hasText: /^Rate limited; retrying in [1-3] s$/ }),
  ).toBeVisible({ timeout: 10_000 })
  await expectIds(page, await demoIds({ page: { first: 20 } }))
  expect((await demo.stats()).requests.list_executions).toBeGreaterThanOrEqual(2)
})

test('5xx: reads retry three times with backoff, then show the status and a Retry that works', async ({
  page,
  demo,
}) => {
  test.setTimeout(40_000)
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 503,
      times: 4,
      body: '{"error":{"code":"unavailable","message":"Maintenance"}}',
      contentType: 'application/json',
    },
  ])
  await page.goto('/')
  await expect(page.getByRole('status').filter({ hasText: /HTTP 503.*retrying/ })).toBeVisible()
  await expect(listAlert(page)).toContainText('HTTP 503', { timeout: 15_000 })
  await expect(listAlert(page)).toContainText('Maintenance')
  expect((await demo.stats()).requests.list_executions).toBe(4)
  await listAlert(page).getByRole('button', { name: 'Retry' }).click()
  await expectIds(page, await demoIds({ page: { first: 20 } }))
})

test('403 gives a permission message and is not retried', async ({ page, demo }) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 403,
      body: '{"detail":"scope executions:read missing"}',
      contentType: 'application/json',
    },
  ])
  await page.goto('/')
  await expect(listAlert(page)).toContainText(
    'You do not have permission for this operation. scope executions:read missing',
  )
  expect((await demo.stats()).requests.list_executions).toBe(1)
})

test('an HTML error page from a gateway reads as text, not markup', async ({ page, demo }) => {
  test.setTimeout(40_000)
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 502,
      contentType: 'text/html',
      body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr>nginx</body></html>',
    },
  ])
  await page.goto('/')
  await expect(listAlert(page)).toContainText('502 Bad Gateway', { timeout: 15_000 })
  await expect(listAlert(page)).not.toContainText('<')
})

test('a dropped upstream connection: the proxy answers 502 and the UI says the API cannot be reached', async ({
  page,
  demo,
}) => {
  test.setTimeout(40_000)
  await demo.addFaults([{ operation: 'list_executions', drop: true }])
  await page.goto('/')
  // Three retries with backoff (1, 2 and 4 s) come first.
  await expect(listAlert(page)).toContainText('cannot be reached', { timeout: 25_000 })
  await expect(listAlert(page)).toContainText('HTTP 502')
})

test('a malformed row is marked with its fields; the other rows and the panel keep working', async ({
  page,
  demo,
}) => {
  await demo.addFaults([{ operation: 'list_executions', malformed: true }])
  await page.goto('/?execution=exec-flaky')
  const table = page.getByRole('grid', { name: /^Executions/ })
  await expect(table.getByRole('row', { name: /^Unreadable row / })).toContainText(
    'created_at: not an RFC 3339',
  )
  await expect(table.getByRole('row', { name: /^Execution / }).first()).toBeVisible()
  await expect(page.getByText(/1 row of this page could not be read \(state, created_at\)/)).toBeVisible()
  const panel = attemptsPanel(page, 'exec-flaky')
  await expect(panel.getByRole('table', { name: 'Attempts of exec-flaky' })).toBeVisible()
  await page
    .getByRole('group', { name: 'State', exact: true })
    .getByRole('checkbox', { name: 'Failed' })
    .check()
  await expect(page).toHaveURL(/state=failed/)
})

test('an answer without an array of rows names the field and fails only its section', async ({
  page,
  demo,
}) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 200,
      contentType: 'application/json',
      body: '{"data":{"rows":[]}}',
    },
  ])
  await page.goto('/?execution=exec-flaky')
  await expect(listAlert(page)).toContainText(/unexpected response: data:/)
  await expect(
    attemptsPanel(page, 'exec-flaky').getByRole('table', { name: 'Attempts of exec-flaky' }),
  ).toBeVisible()
})

test('404 on the list shows an error panel with the status', async ({ page, demo }) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 404,
      body: '{"message":"No such collection"}',
      contentType: 'application/json',
    },
  ])
  await page.goto('/')
  await expect(listAlert(page)).toContainText('No such collection')
  await expect(listAlert(page)).toContainText('HTTP 404')
  expect((await demo.stats()).requests.list_executions).toBe(1)
})

test('422 on reschedule shows the server reason in the dialog', async ({ page, demo }) => {
  await demo.addFaults([
    {
      operation: 'reschedule',
      status: 422,
      body: '{"detail":"schedule_for cannot be applied to this execution"}',
      contentType: 'application/json',
    },
  ])
  await page.goto('/')
  await page.getByRole('button', { name: 'Reschedule exec-markup' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Reschedule' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Rescheduling failed: schedule_for cannot be applied to this execution',
  )
  expect((await demo.stats()).requests.reschedule).toBe(1)
})
