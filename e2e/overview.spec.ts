import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { demoListExecutions } from './support/demoQuery.ts'
import { expectIds, openDashboard } from './support/executionsPage.ts'
import { demoIds } from './support/demoQuery.ts'

/** Counts failed executions by walking the demo API's whole list. */
async function demoFailedCount(): Promise<number> {
  let count = 0
  let after: string | undefined
  for (;;) {
    const page = await demoListExecutions({ page: { first: 100, after }, filters: { states: ['failed'] } })
    count += page.data.length
    if (!page.page_info.has_next_page || page.page_info.end_cursor === null) return count
    after = page.page_info.end_cursor
  }
}

const overview = (page: Page) => page.getByRole('region', { name: 'Overview' })
const countOf = async (page: Page, state: string) =>
  Number(
    (
      (await overview(page)
        .getByRole('button', { name: new RegExp(`^${state} `) })
        .textContent()) ?? ''
    ).replace(/\D/g, ''),
  )

test('the overview counts every execution of the filters, says how exact it is, and filters by a state', async ({
  page,
}) => {
  const liveStreams: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') liveStreams.push(request.url())
  })
  await openDashboard(page)
  await expect(overview(page).getByRole('status')).toHaveText(
    /^(Exact as of \d\d:\d\d:\d\d, [\d,]+ executions of these filters verified, [\d,]+ calls?|At least [\d,]+ executions of these filters \(as of \d\d:\d\d:\d\d\): .+)$/,
    {
      timeout: 20_000,
    },
  )
  await expect(overview(page).getByText('Live: the server streams changes to this tab.')).toBeVisible()
  // One stream for the tab, whatever it shows.
  expect(liveStreams).toHaveLength(1)

  // The demo keeps creating executions: the count shown lies between two walks of the API around it.
  // A count marked "≥" is a lower bound; an exact one lies between the two walks.
  const before = await demoFailedCount()
  const exact = (await overview(page).getByRole('status').textContent())?.startsWith('Exact') === true
  const shown = await countOf(page, 'Failed')
  const after = await demoFailedCount()
  if (exact) expect(shown).toBeGreaterThanOrEqual(Math.min(before, after) - 5)
  expect(shown).toBeLessThanOrEqual(Math.max(before, after) + 5)

  await overview(page)
    .getByRole('button', { name: /^Failed / })
    .click()
  await expect(page).toHaveURL(/state=failed/)
  await expect(overview(page).getByRole('button', { name: /^Failed / })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expectIds(page, await demoIds({ page: { first: 20 }, filters: { states: ['failed'] } }))
  // The counts follow the filters: only failed ones are left.
  await expect.poll(() => countOf(page, 'Succeeded'), { timeout: 15_000 }).toBe(0)
})

test('a time window narrows the counts and the histogram; a bar narrows it further, and it is in the URL', async ({
  page,
}) => {
  const fromIndex: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/index/executions') fromIndex.push(url)
  })
  await openDashboard(page)
  await overview(page).getByRole('combobox', { name: 'Time window' }).selectOption({ label: 'Last 7 days' })
  await expect(page).toHaveURL(/window=7d/)
  // The list pages from the index (the API has no time filter), newest first.
  await expect.poll(() => fromIndex.map((url) => url.searchParams.get('window'))).toContain('7d')
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible()
  await expect(overview(page).getByText(/^Counts, bars and the list below cover last 7 days/)).toBeVisible()
  const bars = overview(page).getByRole('toolbar', { name: 'Executions over time' }).getByRole('button')
  await expect(bars.first()).toBeVisible({ timeout: 20_000 })
  await expect(
    overview(page).getByRole('table', { name: 'Executions per time bucket and state' }),
  ).toBeAttached()

  // Keyboard: the bars are one tab stop; End goes to the newest, Enter narrows the window to it.
  await bars.first().focus()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/from=.*&to=/)
  await expect(overview(page).getByRole('combobox', { name: 'Time window' })).toHaveValue('custom')

  // A custom range that ends before it starts is refused with a message, and nothing changes.
  const url = page.url()
  const range = overview(page).getByRole('form', { name: 'Custom time range' })
  await range.getByLabel('From').fill('2026-11-20T10:00')
  await range.getByLabel('To').fill('2026-11-20T09:00')
  await range.getByRole('button', { name: 'Apply range' }).click()
  await expect(range.getByRole('alert')).toHaveText('The start must be before the end.')
  expect(page.url()).toBe(url)

  // Back to any time, and the reload keeps the choice from the URL.
  await overview(page).getByRole('combobox', { name: 'Time window' }).selectOption({ label: 'Last hour' })
  await page.reload()
  await expect(overview(page).getByRole('combobox', { name: 'Time window' })).toHaveValue('1h')
})

test('a drag across the histogram narrows the window to the buckets it went over', async ({ page }) => {
  await openDashboard(page, '/?window=7d')
  const bars = overview(page).getByRole('toolbar', { name: 'Executions over time' }).getByRole('button')
  await expect(bars.nth(5)).toBeVisible({ timeout: 20_000 })
  const centre = async (index: number) => {
    const box = await bars.nth(index).boundingBox()
    if (!box) throw new Error(`bar ${index} has no box`)
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  }
  const start = await centre(2)
  const end = await centre(5)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(end.x, end.y, { steps: 6 })
  await expect(
    overview(page)
      .getByText(/executions; release, or press Enter, to narrow/)
      .first(),
  ).toBeVisible()
  await page.mouse.up()
  await expect(page).toHaveURL(/from=.*&to=/)
  const params = new URL(page.url()).searchParams
  // Four buckets of six hours (a 7-day window's): from the start of the first to the end of the last.
  expect(Date.parse(params.get('to') ?? '') - Date.parse(params.get('from') ?? '')).toBe(4 * 6 * 3_600_000)
  await expect(overview(page).getByRole('combobox', { name: 'Time window' })).toHaveValue('custom')
})

/**
 * Opens the list at `width` with the lazy chunks (the overview, the list's controls, the tools) held back, as on a
 * slow network: the list's own answer does not wait for them. Gives the first row, once shown, and the release.
 */
async function openWithChunksHeld(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    /\/assets\/(Overview|controls|DashboardTools|WatchRowsSource)-[^/]*\.(js|css)$/,
    async (route) => {
      await released
      await route.continue()
    },
  )
  // The counts stay pending: what they say (a note adds a line) is not what these tests are about.
  await page.route(/\/api\/(overview|live)\?/, (route) => route.abort())
  await page.goto('/', { waitUntil: 'commit' })
  const row = page
    .getByRole('grid', { name: /^Executions/ })
    .getByRole('row', { name: /^Execution / })
    .first()
  await expect(row).toBeVisible()
  return { row, release }
}

for (const width of [1366, 1280, 1024]) {
  test(`at ${width} px the list holds still while the header's tools, the list's controls and the overview load`, async ({
    page,
  }) => {
    const { row, release } = await openWithChunksHeld(page, width)
    const before = (await row.boundingBox())?.y
    release()
    await expect(overview(page).getByLabel('Time window')).toBeVisible()
    await expect(page.getByLabel('Metadata key')).toBeAttached()
    await expect(page.getByRole('button', { name: 'Export…' })).toBeVisible()
    // Within a pixel: rem-based reservations round differently from the laid-out lines.
    expect(Math.abs(((await row.boundingBox())?.y ?? 0) - (before ?? 0))).toBeLessThanOrEqual(1)
  })
}

for (const width of [412, 320]) {
  test(`at ${width} px the rows hold still, and keep their height, while the tools and the row buttons load`, async ({
    page,
  }) => {
    const { row, release } = await openWithChunksHeld(page, width)
    const rows = page.getByRole('grid', { name: /^Executions/ }).getByRole('row', { name: /^Execution / })
    const heights = () =>
      rows.evaluateAll((all) => all.slice(0, 6).map((tr) => tr.getBoundingClientRect().height))
    // Reschedule is drawn with the row; until the watches' chunk comes, Watch is a look-alike no one can reach.
    await expect(row.getByRole('button', { name: /^Reschedule / })).toBeVisible()
    await expect(row.getByRole('button', { name: /^Watch / })).toHaveCount(0)
    const before = { box: await row.boundingBox(), heights: await heights() }
    release()
    await expect(row.getByRole('button', { name: /^Reschedule / })).toBeVisible()
    await expect(row.getByRole('button', { name: /^Watch / })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reschedule all matching…' })).toBeVisible()
    const after = { box: await row.boundingBox(), heights: await heights() }
    expect(Math.abs((after.box?.y ?? 0) - (before.box?.y ?? 0))).toBeLessThanOrEqual(1)
    // A row an earlier test in this worker rescheduled says so on its button ("Rescheduled by … · 4 min ago"), a
    // line more once the trail is read: its own news, not the load. Rows with a plain Reschedule keep their height.
    const plain = await rows.evaluateAll((all) =>
      all
        .slice(0, 6)
        .map(
          (tr) => tr.querySelector('button[aria-label^="Reschedule "]:not([aria-label$=" again"])') !== null,
        ),
    )
    const compared = before.heights
      .map((height, index) => ({ index, height }))
      .filter(({ index }) => plain[index])
    expect(compared.length).toBeGreaterThanOrEqual(3)
    const grown = compared.filter(({ index, height }) => Math.abs((after.heights[index] ?? 0) - height) > 1)
    expect(grown).toEqual([])
  })
}
