import { expect, test } from './support/fixtures.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { startExtraDashboard } from './support/dashboardStack.ts'
import { allDemoExecutions } from './support/demoQuery.ts'
import { executionRows } from './support/executionsPage.ts'
import { expectNoViolations } from './support/axe.ts'
import { withBackgroundTab } from './support/backgroundTab.ts'

test('a watched execution that finishes is told within 30 s in a background tab that sends no requests of its own', async ({
  page,
  demo,
}) => {
  test.setTimeout(120_000)
  const dashboard = await startExtraDashboard({})
  try {
    const setHidden = await withBackgroundTab(page)
    const started = (await allDemoExecutions({ states: ['started'] })).map((row) => row.id)
    expect(started.length).toBeGreaterThan(0)
    await page.goto(`${dashboard.baseURL}/?state=started&size=100`)
    await expect(executionRows(page).first()).toBeVisible()
    // Watch every started execution from its row: the first that finishes is the one told.
    for (const id of started) {
      const toggle = page.getByRole('button', { name: `Watch ${id}` })
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-pressed', 'true')
      await expect(toggle).toHaveText('Watching')
    }
    await expect(page.getByRole('button', { name: `Watches (${started.length})` })).toBeVisible()
    // The server has looked at each once before anything changes (that first look is no news).
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${dashboard.baseURL}/api/watches`)
          const list = (await answer.json()) as { watches: { seen: { state?: string } | null }[] }
          return list.watches.every((watch) => watch.seen?.state === 'started')
        },
        { timeout: 30_000 },
      )
      .toBe(true)

    await setHidden(true)
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    let finished: string | undefined
    while (!finished) finished = (await demo.tick()).finished.find((id) => started.includes(id))
    const changedAt = Date.now()

    const toast = page.getByRole('article', { name: new RegExp(`Watched execution ${finished}: started → `) })
    await expect(toast).toBeVisible({ timeout: 30_000 })
    expect(Date.now() - changedAt).toBeLessThan(30_000)
    await expect(page).toHaveTitle(/^\(1\) Executions/)
    const shown = await page.evaluate(() => (window as unknown as { shown: { title: string }[] }).shown)
    expect(shown.map((notice) => notice.title)).toEqual([expect.stringContaining(finished)])
    // Hidden, the tab asked nothing: the list's refresh stops, and the notice came on the open stream.
    expect(requests.filter((path) => path.startsWith('/api/') && path !== '/api/digest/seen')).toEqual([])

    await setHidden(false)
    await expect(page).toHaveTitle(/^Executions/)
    await toast.getByRole('button', { name: `Open ${finished}` }).click()
    await expect(attemptsPanel(page, finished)).toBeVisible()
    // The page with its toast passes axe.
    await expectNoViolations(page)
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await expect(toast).toHaveCount(0)
  } finally {
    await dashboard.close()
  }
})

test('a view is watched with a threshold from the Watches dialog, and an open execution from the palette', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const dashboard = await startExtraDashboard({})
  try {
    await page.goto(`${dashboard.baseURL}/?m.env=production`)
    await expect(executionRows(page).first()).toBeVisible()
    await page.getByRole('button', { name: 'Watches' }).click()
    const dialog = page.getByRole('dialog', { name: 'Watches' })
    await expect(dialog.getByText('Nothing watched yet.')).toBeVisible()
    await dialog.getByRole('spinbutton', { name: 'When more than' }).fill('-1')
    await dialog.getByRole('button', { name: 'Watch this view' }).click()
    await expect(dialog.getByRole('alert')).toContainText('"More than" must be a whole number')
    await dialog.getByRole('spinbutton', { name: 'When more than' }).fill('1000000')
    await dialog.getByRole('button', { name: 'Watch this view' }).click()
    const watched = dialog.getByRole('list', { name: 'Watched' })
    await expect(watched.getByText('Failures: env=production')).toBeVisible()
    // What the server counts, with its source: within the threshold, exact, as the index saw it.
    await expect(watched).toContainText(
      /now: within its threshold \(more than 1000000 failed in the last 15 minutes\), as the dashboard’s index saw it/,
      {
        timeout: 30_000,
      },
    )
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await expectNoViolations(page)
    }
    await watched.getByRole('button', { name: 'Stop watching Failures: env=production' }).click()
    await expect(dialog.getByText('Nothing watched yet.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()

    const id = (await executionRows(page).first().getAttribute('data-row-id')) ?? ''
    await executionRows(page).first().getByRole('gridcell').nth(1).click()
    await expect(attemptsPanel(page, id)).toBeVisible()
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('combobox', { name: 'Execution id or command' })).toBeFocused()
    await page.keyboard.insertText('watch')
    await expect(page.getByRole('option', { name: new RegExp(`^Watch ${id}`) })).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(attemptsPanel(page, id).getByRole('button', { name: `Watch ${id}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.getByRole('button', { name: 'Watches (1)' })).toBeVisible()
  } finally {
    await dashboard.close()
  }
})
