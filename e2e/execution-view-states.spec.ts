import { expect, test } from './support/fixtures.ts'
import { demoIds } from './support/demoQuery.ts'
import { expectIds } from './support/executionsPage.ts'

test('filters that exclude everything say so and can be cleared', async ({ page }) => {
  await page.goto('/?m.env=no-such-env')
  await expect(page.getByRole('heading', { name: 'No executions match these filters' })).toBeVisible()
  await expect(page.getByRole('grid')).toHaveCount(0)
  const clearButtons = page.getByRole('button', { name: 'Clear filters' })
  await clearButtons.last().click()
  await expectIds(page, await demoIds({ page: { first: 20 } }))
})

test('an API with no executions says "No executions yet"', async ({ page, demo }) => {
  await demo.serveExecutionPage([])
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'No executions yet' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0)
})

test('a failing list shows an error panel whose Retry recovers', async ({ page, demo }) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 400,
      body: '{"error":{"code":"bad_request","message":"Nope"}}',
      contentType: 'application/json',
      times: 1,
    },
  ])
  await page.goto('/')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Executions could not be loaded')
  await expect(alert).toContainText('Nope')
  await expect(alert).toContainText('HTTP 400')
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expectIds(page, await demoIds({ page: { first: 20 } }))
})

test('an API that does not answer: the header says so, and Export and Reschedule all matching wait, saying why', async ({
  page,
  demo,
}) => {
  // The API closes every list call's connection without a word, the server's own included (its probe of whether
  // the API is back among them): the dashboard's server gets no answer.
  await demo.addFaults([{ operation: 'list_executions', drop: true, background: true }])
  await page.goto('/')
  await expect(page.getByRole('alert').filter({ hasText: 'Executions could not be loaded' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('API unreachable', { exact: true })).toBeVisible()
  await expect(page.getByText(/^Connected to/)).toHaveCount(0)
  const exportButton = page.getByRole('button', { name: 'Export…' })
  await expect(exportButton).toBeDisabled()
  await expect(exportButton).toHaveAccessibleDescription('Unavailable while the API does not answer.')
  await expect(page.getByRole('button', { name: 'Reschedule all matching…' })).toBeDisabled()

  await demo.clearFaults()
  // The list's own next refresh may recover it before a click could (a CI run saw the panel go first): Retry while
  // it is offered; the recovery is what is asserted (Retry's own test is the one above).
  await page
    .getByRole('alert')
    .getByRole('button', { name: 'Retry' })
    .click({ timeout: 3_000 })
    .catch(() => undefined)
  await expect(page.getByText(/^Connected to/)).toBeVisible()
  await expect(exportButton).toBeEnabled()
})

test('an API that answers 503 did answer: the header does not call it unreachable, and the list shows its words', async ({
  page,
  demo,
}) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 503,
      body: '{"error":{"message":"maintenance"}}',
      contentType: 'application/json',
    },
  ])
  await page.goto('/')
  const alert = page.getByRole('alert').filter({ hasText: 'Executions could not be loaded' })
  // The list retries a 503 before it gives up, as in the test above.
  await expect(alert).toContainText('maintenance', { timeout: 30_000 })
  await expect(page.getByText(/^Connected to/)).toBeVisible()
  await expect(page.getByText('API unreachable', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Export…' })).toHaveAccessibleDescription(
    'Unavailable while the list could not be loaded.',
  )
})
