import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openDashboard, shownIds } from './support/executionsPage.ts'
import { indexVerifiedSince } from './support/indexVerified.ts'

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
  const since = Date.now()
  await openDashboard(watcher, '/?m.env=staging')
  await expect(watcher.getByText('Live: the server streams changes to this tab.')).toBeVisible()
  // The count is exact once the index walked the view after this test's reset: before, it may be a lower bound
  // ("≥") that grows by more than a group's failures as the walk goes on.
  await indexVerifiedSince(watcher, 'm.env=staging', since)
  await expect(failuresLink(watcher)).toHaveText(/^Failure groups: [\d,]+ unaddressed$/, { timeout: 20_000 })
  counting = true
  const before = await unaddressed(watcher)

  // Another operator acknowledges a group: the watcher's count drops by it.
  await openDashboard(page, '/?m.env=staging&triage=1&group=key:region')
  const board = page.getByRole('region', { name: 'Failure groups' })
  const row = board
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .first()
  const region = (await row.getByRole('rowheader').textContent()) ?? ''
  await row.getByRole('button', { name: `Acknowledge the failures of ${region}…` }).click()
  const dialog = page.getByRole('dialog', { name: `Acknowledge the failures of ${region}` })
  await dialog.getByLabel('Note (a ticket or a reason)').fill('INC-9 heard on the stream')
  await dialog.getByRole('button', { name: 'Acknowledge' }).click()
  await expect(dialog).toHaveCount(0)
  await expect.poll(() => unaddressed(watcher), { timeout: 20_000 }).toBeLessThan(before)

  // And takes it back: the count comes back (or, while a lower bound, past where it was).
  // The acknowledgement, and its undo, are told with the group's samples.
  const acknowledged = board
    .getByRole('grid')
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: region, exact: true }),
    })
  await acknowledged.getByRole('button', { name: `Show the samples of ${region}` }).click()
  await board
    .getByRole('group', { name: `Samples of ${region}` })
    .getByRole('button', { name: /^Undo the acknowledgement by server token/ })
    .click()
  await expect.poll(() => unaddressed(watcher), { timeout: 20_000 }).toBeGreaterThanOrEqual(before)

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
