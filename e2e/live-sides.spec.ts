import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openDashboard, shownIds } from './support/executionsPage.ts'

const failuresLink = (page: Page) =>
  page.getByRole('region', { name: 'Overview' }).getByRole('button', { name: /^Failure groups/ })
const unaddressed = async (page: Page) =>
  Number(/([\d,]+) unaddressed$/.exec((await failuresLink(page).textContent()) ?? '')?.[1]?.replace(/,/g, ''))

test('a tab on the live stream hears others’ acknowledgements and reschedules without polling for them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  // The watcher, in a browser of its own: once its stream is open, it asks for neither the failure count nor the marks.
  const context = await browser.newContext()
  const watcher = await context.newPage()
  const polls: string[] = []
  let counting = false
  watcher.on('request', (request) => {
    const url = new URL(request.url())
    if (counting && (url.pathname === '/api/triage' || url.pathname === '/api/audit'))
      polls.push(url.pathname)
  })
  await openDashboard(watcher, '/?m.env=staging')
  await expect(watcher.getByText('Live: the server streams changes to this tab.')).toBeVisible()
  await expect(failuresLink(watcher)).toHaveText(/^Failure groups: (≥ )?[\d,]+ unaddressed$/, {
    timeout: 20_000,
  })
  counting = true

  // Another operator acknowledges a group: the watcher's count follows the board's, which leaves the group out.
  // (The index may still be walking what earlier tests of this worker left: a lower bound that grows meanwhile, so
  // the two are compared with each other, not with the count before.)
  await openDashboard(page, '/?m.env=staging&triage=1&group=key:region')
  const board = page.getByRole('region', { name: 'Failure groups' })
  const boardOpen = async () =>
    Number(
      /([\d,]+) unaddressed failures/
        .exec(
          (await board.getByRole('status').filter({ hasText: 'unaddressed failures' }).textContent()) ?? '',
        )?.[1]
        ?.replace(/,/g, ''),
    )
  const watcherFollowsBoard = () =>
    expect
      .poll(async () => (await unaddressed(watcher)) === (await boardOpen()), { timeout: 20_000 })
      .toBe(true)
  const rows = board
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
  const region = (await rows.first().getByRole('rowheader').textContent()) ?? ''
  const row = rows.filter({ has: page.getByRole('rowheader', { name: region, exact: true }) })
  await row.getByRole('button', { name: `Acknowledge the failures of ${region}…` }).click()
  const dialog = page.getByRole('dialog', { name: `Acknowledge the failures of ${region}` })
  await dialog.getByLabel('Note (a ticket or a reason)').fill('INC-9 heard on the stream')
  await dialog.getByRole('button', { name: 'Acknowledge' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByRole('gridcell').nth(1)).toHaveText(/ failed 0 open$/)
  await watcherFollowsBoard()

  // And takes it back (told with the group's samples): the watcher's count follows again, the group open.
  await row.getByRole('button', { name: `Show the samples of ${region}` }).click()
  await board
    .getByRole('group', { name: `Samples of ${region}` })
    .getByRole('button', { name: /^Undo the acknowledgement by server token/ })
    .click()
  await expect(row.getByRole('gridcell').nth(1)).toHaveText(/ failed [1-9][\d,]* open$/)
  await watcherFollowsBoard()

  // Then reschedules a row: the watcher's row says who did.
  await board.getByRole('button', { name: 'Close failure groups' }).click()
  // A row another test of this worker rescheduled already says "again": take one that does not.
  const plain = (await shownIds(page)).filter((candidate) => /^exec-\d+$/.test(candidate))
  const counts = await Promise.all(
    plain.map((candidate) =>
      page.getByRole('button', { name: `Reschedule ${candidate}`, exact: true }).count(),
    ),
  )
  const id = plain.find((_, at) => counts[at] === 1)
  if (!id) throw new Error('no execution on the first page that nobody rescheduled')
  await page.getByRole('button', { name: `Reschedule ${id}`, exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reschedule' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(watcher.getByRole('button', { name: `Reschedule ${id} again` })).toHaveText(
    /^Rescheduled by server token · (just now|\d+ s ago)$/,
    { timeout: 20_000 },
  )

  await expect(watcher.getByText('Live: the server streams changes to this tab.')).toBeVisible()
  expect(polls).toEqual([])
  await context.close()
})
