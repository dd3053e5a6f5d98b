import { expect, test } from './support/fixtures.ts'

test('the executions table shows the first page of demo executions through the proxy', async ({
  page,
  demo,
}) => {
  const listRequest = page.waitForRequest((request) => request.url().endsWith('/api/executions'))
  await page.goto('/')

  const table = page.getByRole('grid', { name: /^Executions/ })
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'State',
    'Created',
    'Updated',
    'Metadata',
    'Actions',
  ])
  // The ID header holds the page's checkbox, but is named by its column alone.
  await expect(table.getByRole('columnheader', { name: 'ID', exact: true })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(21)
  await expect(table.getByRole('row', { name: 'Execution job/2026 #1' })).toBeVisible()

  const request = await listRequest
  expect(request.method()).toBe('POST')
  expect(request.headers()['x-http-method-override']).toBe('GET')
  expect(request.postDataJSON()).toEqual({ page: { first: 20 } })
  expect((await demo.stats()).requests.list_executions).toBeGreaterThan(0)
})

test('rows stay one line: metadata chips that do not fit collapse into +N, which shows them all', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 })
  await page.goto('/')
  const table = page.getByRole('grid', { name: /^Executions/ })
  const more = table.getByRole('button', { name: /^Show all \d+ metadata of / }).first()
  await expect(more).toBeVisible()
  const name = (await more.getAttribute('aria-label')) ?? ''
  const [, total, id] = /^Show all (\d+) metadata of (.+)$/.exec(name) ?? []
  const chips = table
    .getByRole('row', { name: `Execution ${id ?? ''}`, exact: true })
    .getByRole('button', { name: /^Filter by / })
  const shown = await chips.count()
  expect(shown).toBeLessThan(Number(total))
  expect(await more.textContent()).toBe(`+${Number(total) - shown}`)
  await more.click()
  await expect(chips).toHaveCount(Number(total))
  await expect(table.getByRole('button', { name: `Show less metadata of ${id ?? ''}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
})

test.describe('copying an id', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('an id is copied from its row, pointing at it or from the keyboard', async ({ page }) => {
    await page.goto('/')
    const table = page.getByRole('grid', { name: /^Executions/ })
    const row = table.getByRole('row', { name: 'Execution job/2026 #1' })
    // The table's behaviours come with the list's tools, after the first rows: a pointer already resting on the
    // id shows its Copy button when it next moves.
    await expect(page.getByRole('search', { name: 'Filter executions' })).toBeVisible()
    await row.getByTitle('job/2026 #1').hover()
    const copy = row.getByRole('button', { name: 'Copy ID job/2026 #1' })
    await copy.click()
    await expect(copy).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('job/2026 #1')

    // From the keyboard: the row, → to its checkbox, → to Copy.
    await page.evaluate(() => navigator.clipboard.writeText(''))
    await page.getByRole('heading', { level: 1 }).hover()
    const second = table.getByRole('row', { name: 'Execution exec-locked' })
    await second.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(second.getByRole('button', { name: 'Copy ID exec-locked' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('exec-locked')
  })
})
