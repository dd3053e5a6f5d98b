import { expect, test } from './support/fixtures.ts'
import { demoIds } from './support/demoQuery.ts'
import { attemptsPanel } from './support/attemptsPanel.ts'
import { expectIds, openDashboard, withoutLiveRefresh } from './support/executionsPage.ts'

test('a slow upstream times out at the proxy (504), says so, and the retry recovers', async ({
  page,
  demo,
}) => {
  await demo.addFaults([{ operation: 'list_executions', delayMs: 4000, times: 1 }])
  // The read under test is the page's own: no stream page may answer in its place meanwhile.
  await withoutLiveRefresh(page)
  await page.goto('/')
  await expect(
    page.getByRole('status').filter({ hasText: /The request failed \(HTTP 504\); retrying/ }),
  ).toBeVisible({
    timeout: 6000,
  })
  await expectIds(page, await demoIds({ page: { first: 20 } }))
})

test('a filter change cancels the read still in flight', async ({ page, demo }) => {
  await openDashboard(page)
  // The next page's prefetch must not take the one slow answer meant for the filter change.
  await page.waitForLoadState('networkidle')
  await demo.addFaults([{ operation: 'list_executions', delayMs: 2500, times: 1 }])
  const aborted: string[] = []
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/api/executions')) aborted.push(request.failure()?.errorText ?? '')
  })
  const states = page.getByRole('group', { name: 'State', exact: true })
  const slow = page.waitForRequest((request) => request.url().endsWith('/api/executions'))
  await states.getByRole('checkbox', { name: 'Started' }).check()
  await slow
  await states.getByRole('checkbox', { name: 'Failed' }).check()
  await expectIds(page, await demoIds({ page: { first: 20 }, filters: { states: ['started', 'failed'] } }))
  await expect.poll(() => aborted).toContainEqual(expect.stringContaining('ABORTED'))
})

test('ids and metadata with markup, quotes, / # ? % and Unicode render as text with correct paths', async ({
  page,
  demo,
}) => {
  const oddId = `a"<i>x</i> ?%/#é✓`
  await demo.serveExecutionPage([
    {
      id: oddId,
      state: 'failed',
      created_at: '2026-11-20T10:00:00.123456789-03:30',
      updated_at: '2026-11-20T13:30:00+00:00',
      metadata: { 'quote"key': `<script>alert(1)</script> & 'x'` },
    },
  ])
  const attemptPaths: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/attempts')) attemptPaths.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  const row = page.getByRole('row', { name: `Execution ${oddId}` })
  await expect(row.getByText(oddId, { exact: true })).toBeVisible()
  await expect(
    row.getByRole('button', { name: `Filter by quote"key=<script>alert(1)</script> & 'x'` }),
  ).toBeVisible()
  await row.getByRole('gridcell').nth(1).click()
  await expect(attemptsPanel(page, oddId)).toBeVisible()
  expect(attemptPaths[0]).toBe(`/api/executions/${encodeURIComponent(oddId)}/attempts`)
  await expect(attemptsPanel(page, oddId).getByRole('alert')).toContainText('not found in')
  expect(new URL(page.url()).searchParams.get('execution')).toBe(oddId)
})
