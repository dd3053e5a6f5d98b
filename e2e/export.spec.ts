import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { demoListExecutions } from './support/demoQuery.ts'
import { openDashboard, inDisplayMenu } from './support/executionsPage.ts'
import { allDemoIds, downloadedText, parseCsv } from './support/exportFiles.ts'

const FILTERED = '/?state=failed&m.env=production'
const FILTERS = { states: ['failed'], metadata: [{ key: 'env', values: ['production'] }] }

const exportDialog = (page: Page) => page.getByRole('dialog', { name: 'Export executions' })

async function openExport(page: Page, path: string) {
  await openDashboard(page, path)
  // The list's own polling would use up the fault rules meant for the export's paging.
  await inDisplayMenu(page, (menu) => menu.getByRole('checkbox', { name: 'Auto-refresh' }).uncheck())
  // The page's own list calls (its next-page prefetch too) are over before the test sets fault rules.
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Export…' }).click()
  return exportDialog(page)
}

test('CSV export holds exactly the filtered executions of every page, spreadsheet-safe', async ({ page }) => {
  const expected = await allDemoIds(FILTERS)
  expect(expected.length).toBeGreaterThan(100)
  const dialog = await openExport(page, FILTERED)
  await expect(dialog).toContainText('Every execution that matches state failed, env=production')
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Start export' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(
    /^executions-failed-env=production-\d{4}-\d\d-\d\dT\d{4}Z\.csv$/,
  )
  const text = await downloadedText(download)
  expect(text.startsWith('\uFEFFid,state,created_at,updated_at,metadata\r\n')).toBe(true)
  const [, ...rows] = parseCsv(text.slice(1))
  expect(rows.map((row) => row[0])).toEqual(expected)
  expect(
    rows.every(
      (row) => row[1] === 'failed' && (JSON.parse(row[4] ?? '{}') as { env?: string }).env === 'production',
    ),
  ).toBe(true)
  await expect(dialog.getByRole('status')).toHaveText(
    `Saved ${download.suggestedFilename()}: ${expected.length.toLocaleString('en-US')} rows.`,
  )
})

test('NDJSON export holds one execution per line, exactly the filtered ones', async ({ page }) => {
  const expected = await allDemoIds(FILTERS)
  const dialog = await openExport(page, FILTERED)
  await dialog.getByRole('radio', { name: /NDJSON/ }).check()
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Start export' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.ndjson$/)
  const lines = (await downloadedText(download)).trimEnd().split('\n')
  expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(expected)
})

test('an API failure midway ends the file with a marker and says how many rows arrived', async ({
  page,
  demo,
}) => {
  const dialog = await openExport(page, '/')
  await demo.addFaults([
    { operation: 'list_executions', times: 2 },
    { operation: 'list_executions', status: 503, body: '{"error":{"code":"busy","message":"busy"}}' },
  ])
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Start export' }).click()
  const text = await downloadedText(await downloading)
  expect(text.trimEnd().split('\r\n').at(-1)).toMatch(/^"?# export failed after 200 rows: /)
  await expect(dialog.getByRole('status')).toContainText('The export stopped after 200 rows')
})

test('Stop cancels the download and the server stops paging the API', async ({ page, demo }) => {
  const dialog = await openExport(page, '/')
  await demo.addFaults([{ operation: 'list_executions', delayMs: 300 }])
  await dialog.getByRole('button', { name: 'Start export' }).click()
  await expect(dialog.getByText(/^[1-9][\d,]* rows so far$/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Stop' }).click()
  await expect(dialog.getByRole('status')).toHaveText(/^Stopped after [\d,]+ rows; nothing was saved\.$/)

  // Two calls of our own take at least 600 ms; an export still paging would add a call in that time.
  const before = (await demo.stats()).requests.list_executions
  await demoListExecutions({ page: { first: 1 } })
  await demoListExecutions({ page: { first: 1 } })
  expect((await demo.stats()).requests.list_executions).toBe(before + 2)
})

test('with a time window the file holds the window: newest first, from the index, and says so', async ({
  page,
}) => {
  const rows: { id: string; created_at: string }[] = []
  for (let after: string | undefined; ;) {
    const answer = await demoListExecutions({ page: after ? { first: 100, after } : { first: 100 } })
    rows.push(...answer.data)
    if (!answer.page_info.has_next_page || !answer.page_info.end_cursor) break
    after = answer.page_info.end_cursor
  }
  const times = rows.map((row) => Date.parse(row.created_at)).sort((a, b) => a - b)
  const from = times[times.length - 150] ?? 0
  const expected = rows
    .filter((row) => Date.parse(row.created_at) >= from)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1))
    .map((row) => row.id)
  const dialog = await openExport(page, `/?from=${encodeURIComponent(new Date(from).toISOString())}`)
  await expect(dialog).toContainText('in the time window from')
  await expect(dialog).toContainText("from the dashboard's index")
  await dialog.getByRole('radio', { name: /NDJSON/ }).check()
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Start export' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^executions-all-created-\d{4}-\d\d-\d\dT\d{4}Z-to-now-/)
  const lines = (await downloadedText(download)).trimEnd().split('\n')
  expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(expected)
  await expect(dialog.getByRole('status')).toContainText(`${expected.length.toLocaleString('en-US')} rows`)
})
