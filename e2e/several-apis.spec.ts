import { startDemoApi, type RunningDemoApi } from '../server/demo-api/index.ts'
import { rawRequest } from '../server/testing/httpTestKit.ts'
import { expect, test } from './support/fixtures.ts'
import { currentStack, startExtraDashboard } from './support/dashboardStack.ts'
import { demoIds } from './support/demoQuery.ts'
import { executionRows, shownIds } from './support/executionsPage.ts'

async function idsOf(api: RunningDemoApi, body: unknown): Promise<string[]> {
  const answer = await rawRequest(`${api.url}/executions`, {
    method: 'GET',
    headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (JSON.parse(answer.body) as { data: { id: string }[] }).data.map((row) => row.id)
}

test('two APIs in one dashboard: a label in the header, a switch that keeps the view, and nothing of the other API', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // A second API whose ids overlap the first's (both seed exec-…), with other executions behind them.
  const staging = await startDemoApi({ simulate: false, executionCount: 700 })
  const stack = currentStack()
  const dashboard = await startExtraDashboard({
    EXEC_API_URL: '',
    EXEC_API_TOKEN: '',
    EXEC_API_UPSTREAMS: JSON.stringify([
      { name: 'prod', url: stack.demoUrl, token: stack.demoToken, color: '#cf222e', danger: true },
      { name: 'staging', url: staging.url, token: staging.token, color: '#1a7f37' },
    ]),
  })
  try {
    const body = { page: { first: 20 }, filters: { states: ['failed'] } }
    const prodIds = await demoIds(body)
    const stagingIds = await idsOf(staging, body)
    expect(prodIds).not.toEqual(stagingIds)

    await page.goto(`${dashboard.baseURL}/?state=failed`)
    const api = page.getByRole('combobox', { name: 'API' })
    await expect(api).toHaveValue('prod')
    await expect(page.getByText('Production', { exact: true })).toBeVisible()
    await expect.poll(() => shownIds(page)).toEqual(prodIds)

    // On the production API, a bulk reschedule of 10 needs its count typed.
    for (const id of prodIds.slice(0, 10))
      await executionRows(page)
        .and(page.locator(`[data-row-id="${id}"]`))
        .getByRole('checkbox')
        .check()
    await page.getByRole('button', { name: 'Reschedule 10 executions…' }).click()
    const dialog = page.getByRole('dialog', { name: /Reschedule executions selected/ })
    await expect(dialog.getByLabel('Type 10 to confirm on prod')).toBeFocused()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await api.selectOption('staging')
    await expect(page).toHaveURL(`${dashboard.baseURL}/u/staging/?state=failed`)
    await expect(page.getByRole('combobox', { name: 'API' })).toHaveValue('staging')
    await expect(page.getByText('Production', { exact: true })).toHaveCount(0)
    await expect.poll(() => shownIds(page)).toEqual(stagingIds)
    // Every call of this page went to the staging API's routes.
    const calls: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/api/')) calls.push(path)
    })
    await page.getByRole('button', { name: 'Refresh now' }).click()
    await expect.poll(() => calls.length).toBeGreaterThan(0)
    expect(calls.filter((path) => !path.startsWith('/api/u/staging/') && path !== '/api/upstreams')).toEqual(
      [],
    )

    // The palette goes back, keeping the view.
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('combobox', { name: 'Execution id or command' })).toBeFocused()
    await page.keyboard.insertText('switch to api')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`${dashboard.baseURL}/u/prod/?state=failed`)
    await expect.poll(() => shownIds(page)).toEqual(prodIds)
  } finally {
    await dashboard.close()
    await staging.close()
  }
})
