import { expect, test } from './support/fixtures.ts'
import { demoAttemptIds } from './support/demoQuery.ts'
import { attemptsPanel, expectAttemptIds, recordAttemptBodies } from './support/attemptsPanel.ts'
import { executionRows, openDashboard } from './support/executionsPage.ts'

const ODD_ID = 'job/2026 #1'

test('clicking a row opens its attempts panel; Close returns focus to the row', async ({ page }) => {
  const bodies = recordAttemptBodies(page)
  await openDashboard(page)
  const row = page.getByRole('row', { name: `Execution ${ODD_ID}` })
  await row.getByRole('gridcell').nth(1).click()

  const panel = attemptsPanel(page, ODD_ID)
  await expect(panel).toBeVisible()
  await expect(page).toHaveURL(/execution=job%2F2026\+%231/)
  await expectAttemptIds(page, ODD_ID, await demoAttemptIds(ODD_ID, { page: { first: 10 } }))
  expect(bodies[0]).toEqual({
    path: '/api/executions/job%2F2026%20%231/attempts',
    body: { page: { first: 10 } },
  })
  await expect(panel.getByText('Failed', { exact: true }).first()).toBeVisible()
  await expect(panel.getByRole('figure', { name: 'Timeline of this page’s attempts' })).toBeVisible()
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: /After a gap of \d+ s: / })
      .first(),
  ).toBeAttached()

  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toHaveCount(0)
  await expect(row).toBeFocused()
  await expect(page).not.toHaveURL(/execution=/)
})

test('the panel opens by keyboard and closes with Esc', async ({ page }) => {
  await openDashboard(page)
  const row = page.getByRole('row', { name: 'Execution exec-markup' })
  await row.focus()
  await page.keyboard.press('Enter')
  const panel = attemptsPanel(page, 'exec-markup')
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Attempts of exec-markup' })).toBeFocused()
  // Its attempts fit on one page: no pager to tab through.
  await expect(panel.getByRole('table')).toBeVisible()
  await expect(panel.getByRole('navigation', { name: 'Attempts pages' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(row).toBeFocused()
})

test('page through attempts and filter them by state', async ({ page }) => {
  const bodies = recordAttemptBodies(page)
  const all = await demoAttemptIds('exec-flaky', { page: { first: 100 } })
  expect(all).toHaveLength(23)
  await openDashboard(page, '/?execution=exec-flaky')
  const panel = attemptsPanel(page, 'exec-flaky')
  const next = panel.getByRole('button', { name: 'Next attempts page' })
  const previous = panel.getByRole('button', { name: 'Previous attempts page' })

  await expectAttemptIds(page, 'exec-flaky', all.slice(0, 10))
  await expect(previous).toBeDisabled()
  await next.click()
  await expectAttemptIds(page, 'exec-flaky', all.slice(10, 20))
  await next.click()
  await expectAttemptIds(page, 'exec-flaky', all.slice(20))
  await expect(next).toBeDisabled()
  await expect(panel.getByRole('navigation', { name: 'Attempts pages' })).toContainText('Page 3')
  await previous.click()
  await previous.click()
  await expectAttemptIds(page, 'exec-flaky', all.slice(0, 10))

  await panel
    .getByRole('group', { name: 'Attempt state' })
    .getByRole('checkbox', { name: 'Succeeded' })
    .check()
  await expectAttemptIds(
    page,
    'exec-flaky',
    await demoAttemptIds('exec-flaky', { page: { first: 10 }, filters: { states: ['succeed'] } }),
  )
  expect(bodies.map((entry) => entry.body)).toContainEqual({
    page: { first: 10 },
    filters: { states: ['succeed'] },
  })

  await panel.getByRole('checkbox', { name: 'Started' }).check()
  await panel.getByRole('checkbox', { name: 'Succeeded' }).uncheck()
  await expect(panel.getByRole('heading', { name: 'No attempts match this filter' })).toBeVisible()
  await panel.getByRole('button', { name: 'Clear attempt filter' }).click()
  await expectAttemptIds(page, 'exec-flaky', all.slice(0, 10))
})

test('a deep link with execution= opens the panel, also after a reload', async ({ page }) => {
  await page.goto(`/?execution=${encodeURIComponent(ODD_ID)}`)
  await expect(attemptsPanel(page, ODD_ID)).toBeVisible()
  await expectAttemptIds(page, ODD_ID, await demoAttemptIds(ODD_ID, { page: { first: 10 } }))
  await page.reload()
  await expect(attemptsPanel(page, ODD_ID)).toBeVisible()
})

test('an id the API does not know says not found in the API, naming it', async ({ page }) => {
  await page.goto('/?execution=exec-gone-404')
  const panel = attemptsPanel(page, 'exec-gone-404')
  await expect(panel.getByRole('alert')).toContainText(
    /Execution exec-gone-404 not found in http:\/\/127\.0\.0\.1:\d+/,
  )
  // The rest of the dashboard keeps working.
  await expect(executionRows(page).first()).toBeVisible()
})

test('the panel’s page and state filter live in the URL: reload and Back keep them, another execution starts fresh', async ({
  page,
}) => {
  const all = await demoAttemptIds('exec-flaky', { page: { first: 100 } })
  const failed = await demoAttemptIds('exec-flaky', { page: { first: 100 }, filters: { states: ['failed'] } })
  await openDashboard(page, '/?execution=exec-flaky')
  const panel = attemptsPanel(page, 'exec-flaky')
  await panel.getByRole('button', { name: 'Next attempts page' }).click()
  await expectAttemptIds(page, 'exec-flaky', all.slice(10, 20))
  await expect(page).toHaveURL(/a\.after=/)
  await page.reload()
  await expectAttemptIds(page, 'exec-flaky', all.slice(10, 20))
  await page.goBack()
  await expectAttemptIds(page, 'exec-flaky', all.slice(0, 10))

  await panel.getByRole('group', { name: 'Attempt state' }).getByRole('checkbox', { name: 'Failed' }).check()
  await expect(page).toHaveURL(/a\.state=failed/)
  await page.reload()
  await expectAttemptIds(page, 'exec-flaky', failed.slice(0, 10))
  await expect(panel.getByRole('checkbox', { name: 'Failed' })).toBeChecked()

  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(page).not.toHaveURL(/a\./)
})

test('a link whose attempts cursor the API refuses offers the first page, not a Retry', async ({ page }) => {
  await openDashboard(page, '/?execution=exec-flaky&a.after=stale-cursor')
  const panel = attemptsPanel(page, 'exec-flaky')
  const alert = panel.getByRole('alert').filter({ hasText: 'The API refused this page’s cursor' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await alert.getByRole('button', { name: 'Back to the first page' }).click()
  await expect(page).not.toHaveURL(/a\.after=/)
  await expect(panel.getByRole('table')).toBeVisible()
})
