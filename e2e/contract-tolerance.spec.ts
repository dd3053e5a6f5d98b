import { expect, test } from './support/fixtures.ts'
import { executionRows, openDashboard, recordListBodies } from './support/executionsPage.ts'
import { demoIds } from './support/demoQuery.ts'

const row = (id: string, created_at: unknown, state = 'failed') => ({
  id,
  state,
  created_at,
  updated_at: '2026-11-20T10:05:00Z',
})
const table = (page: import('@playwright/test').Page) => page.getByRole('grid', { name: /^Executions/ })

test('one bad value never hides the rest; near-miss timestamps are read, a missing zone is said', async ({
  page,
  demo,
}) => {
  await demo.serveExecutionPage([
    row('spec-row', '2026-11-20T10:00:00Z'),
    row('epoch-row', 1_763_632_800),
    row('compact-offset-row', '2026-11-20T10:00:00+0530'),
    row('no-zone-row', '2026-11-20T10:00:00'),
    row('bad-row', 'yesterday'),
  ])
  await page.goto('/')
  for (const id of ['spec-row', 'epoch-row', 'compact-offset-row', 'no-zone-row']) {
    await expect(table(page).getByRole('row', { name: `Execution ${id}` })).toBeVisible()
  }
  await expect(table(page).getByRole('row', { name: 'Execution no-zone-row' })).toContainText(
    '2026-11-20 10:00:00 (no time zone given)',
  )
  await expect(table(page).getByRole('row', { name: 'Unreadable row bad-row' })).toContainText(
    'created_at: not an RFC 3339 timestamp',
  )
  await expect(page.getByText('1 row of this page could not be read (created_at)')).toBeVisible()
})

test('an API that ignores page.after is caught: Next is turned off and the reason is said', async ({
  page,
  demo,
}) => {
  const same = {
    data: [row('first-item', '2026-11-20T10:00:00Z')],
    page_info: { has_next_page: true, end_cursor: 'again', start_cursor: 'again' },
  }
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(same),
    },
  ])
  await page.goto('/?size=10')
  await page.getByRole('button', { name: 'Next page' }).first().click()
  await expect(
    page.getByText(/This API did not move to the next page; paging is not supported as assumed/),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next page' }).first()).toBeDisabled()
})

test('a cursor the API refuses offers the first page, not a Retry that cannot work', async ({
  page,
  demo,
}) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      times: 1,
      status: 400,
      contentType: 'application/json',
      body: '{"message":"page.after: unknown cursor"}',
    },
  ])
  await page.goto('/?after=stale-cursor&trail=')
  const alert = page.getByRole('alert').filter({ hasText: 'The API refused this page’s cursor' })
  await expect(alert).toContainText('page.after: unknown cursor')
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await alert.getByRole('button', { name: 'Back to the first page' }).click()
  await expect(page).not.toHaveURL(/after=/)
  await expect(
    table(page)
      .getByRole('row', { name: /^Execution / })
      .first(),
  ).toBeVisible()
})

test('a state given in a link is kept, shown and sent, never dropped', async ({ page }) => {
  const bodies = recordListBodies(page)
  await page.goto('/?state=queued')
  const states = page.getByRole('group', { name: 'State', exact: true })
  await expect(states.getByRole('checkbox', { name: 'Queued' })).toBeChecked()
  await expect(page.getByRole('heading', { name: 'No executions match these filters' })).toBeVisible()
  await expect.poll(() => bodies).toContainEqual({ page: { first: 20 }, filters: { states: ['queued'] } })
})

test('an API that spells states in upper case: badges by meaning, the server sends filters in its spelling', async ({
  page,
  demo,
}) => {
  await demo.useReadings({ stateSpelling: 'upper' })
  const bodies = recordListBodies(page)
  await openDashboard(page)
  await page
    .getByRole('group', { name: 'State', exact: true })
    .getByRole('checkbox', { name: 'Failed' })
    .check()
  // The browser asks by meaning; the server spells it as the API does (the demo matches only `FAILED`).
  await expect.poll(() => bodies).toContainEqual({ page: { first: 20 }, filters: { states: ['failed'] } })
  const failed = await demoIds({ page: { first: 20 }, filters: { states: ['FAILED'] } })
  expect(failed.length).toBeGreaterThan(0)
  await expect(executionRows(page)).toHaveCount(failed.length)
  await expect
    .poll(() => executionRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id'))))
    .toEqual(failed)
})

test('the filters say how they were asked for, and rows that contradict them are called out once', async ({
  page,
  demo,
}) => {
  await demo.serveExecutionPage([
    { ...row('matches', '2026-11-20T10:00:00Z'), metadata: { env: 'staging', team: 't0' } },
    { ...row('or-reading', '2026-11-20T10:00:00Z'), metadata: { env: 'staging', team: 't9' } },
  ])
  await page.goto('/?m.env=staging&m.team=t0')
  await expect(
    page.getByText('Asked the API for executions where env is “staging”, and team is “t0”.'),
  ).toBeVisible()
  await expect(
    page.getByText(/The API combined these filters differently from how they are shown: 1 of the rows/),
  ).toBeVisible()
  await expect(table(page).getByRole('row', { name: 'Execution or-reading' })).toBeVisible()
})

test('a metadata value may contain a comma', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)
  await page.getByRole('combobox', { name: 'Metadata key' }).fill('note')
  await page.getByRole('combobox', { name: 'Metadata values' }).fill('a, b')
  await page.getByRole('button', { name: 'Add metadata filter' }).click()
  await expect
    .poll(() => bodies)
    .toContainEqual({ page: { first: 20 }, filters: { metadata: [{ key: 'note', values: ['a, b'] }] } })
})

test('a 200-character id never pushes the state or the actions off screen', async ({ page, demo }) => {
  const id = `very-long-${'x'.repeat(180)}-end-of-id`
  await demo.serveExecutionPage([row(id, '2026-11-20T10:00:00Z')])
  await page.goto('/')
  const longRow = table(page).getByRole('row', { name: `Execution ${id}` })
  await expect(longRow.getByRole('button', { name: `Reschedule ${id}` })).toBeInViewport()
  await expect(longRow.getByText('Failed')).toBeInViewport()
  await expect(longRow.getByTitle(id)).toHaveText(/^very-long-x+…x+-end-of-id$/)
  // Copy appears where room was kept for it: pointing at the id moves nothing.
  const stateBox = await longRow.getByText('Failed').boundingBox()
  await longRow.getByTitle(id).hover()
  await expect(longRow.getByRole('button', { name: `Copy ID ${id}` })).toBeInViewport()
  // Within a pixel: the overview's counts may still be settling above the list and round its lines anew.
  const after = await longRow.getByText('Failed').boundingBox()
  expect(Math.abs((after?.x ?? 0) - (stateBox?.x ?? 0))).toBeLessThan(1)
  expect(Math.abs((after?.y ?? 0) - (stateBox?.y ?? 0))).toBeLessThan(1)
  expect(after?.width).toBe(stateBox?.width)
})

test('the ids "." and ".." are refused by the dashboard with a clear reason, never sent as a path walk', async ({
  page,
  demo,
}) => {
  await openDashboard(page)
  for (const segment of ['%2E%', '%2E%2E%']) {
    const answer = await page.evaluate(async (path) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
        body: '{"page":{"first":1}}',
      })
      return { status: response.status, body: await response.text() }
    }, `/api/executions/${segment}/attempts`)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'id_not_addressable', source: 'dashboard' },
    })
  }
  expect((await demo.stats()).requests.list_attempts).toBe(0)
})

test('an empty page that says more follow: not "none match", not the last page, and Next leads on', async ({
  page,
  demo,
}) => {
  await demo.addFaults([
    {
      operation: 'list_executions',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: [], page_info: { has_next_page: true, end_cursor: 'c-empty' } }),
      // The live stream too: this API answers every list call so.
      background: true,
    },
  ])
  await page.goto('/?state=failed')
  const empty = page.getByRole('status').filter({ hasText: 'This page came back empty' })
  await expect(empty).toContainText('says more follow')
  await expect(page.getByText('No executions match these filters')).toHaveCount(0)
  await empty.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/after=c-empty/)
})

test('ids with bidi controls and invisible characters are shown as they are, never reordered or hidden', async ({
  page,
  demo,
}) => {
  await demo.serveExecutionPage([
    row('abc\u202Eevil.exe', '2026-11-20T10:00:00Z'),
    row('zero\u200Bwidth', '2026-11-20T10:00:00Z'),
  ])
  await page.goto('/')
  const evil = table(page).getByRole('row', { name: 'Execution abc\u202Eevil.exe' })
  await expect(evil.locator('.id-cell')).toContainText('abc\\u{202e}evil.exe')
  await expect(
    table(page).getByRole('row', { name: 'Execution zero\u200Bwidth' }).locator('.id-cell'),
  ).toContainText('zero\\u{200b}width')
  // Rescheduled, its confirmation writes it the same way, isolated: never reversed ("…deludehcser exe.live").
  await demo.addFaults([
    {
      operation: 'reschedule',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: { ...row('abc\u202Eevil.exe', '2026-11-20T10:00:00Z'), state: 'created' },
      }),
    },
  ])
  await evil.getByRole('button', { name: /^Reschedule abc/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Execution abc\\u{202e}evil.exe is currently')
  await dialog.getByRole('button', { name: 'Reschedule' }).click()
  const toast = page.getByRole('status').filter({ hasText: /rescheduled; the API says/ })
  await expect(toast).toHaveText(
    'Execution abc\\u{202e}evil.exe rescheduled; the API says its state is now Created.',
  )
  expect(await toast.locator('bdi').count()).toBe(1)

  await evil.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /^Attempts of/ })).toContainText('abc\\u{202e}evil.exe')
})
