import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import {
  attemptsPanel,
  expectAttemptCards,
  openFromKeyboard,
  sidewaysScroll,
} from './support/attemptsPanel.ts'
import { displaySettings, inDisplayMenu, executionRows, openDashboard } from './support/executionsPage.ts'

const EXECUTION = 'job/2026 #1'

async function documentOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? Number.NaN
}

const openExecution = (page: Page) => openFromKeyboard(page, EXECUTION)

for (const viewportWidth of [360, 390, 768, 1024, 1440]) {
  test(`at ${viewportWidth} px nothing is wider than the screen, and the attempts fit their panel (cards on a phone)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewportWidth, height: 900 })
    await openDashboard(page)
    expect(await documentOverflow(page)).toBeLessThanOrEqual(0)

    await openExecution(page)
    const panel = attemptsPanel(page, EXECUTION)
    const attempts = panel.getByRole('table', { name: `Attempts of ${EXECUTION}` })
    await expect(attempts).toBeVisible()
    await expect(panel.getByRole('figure', { name: 'Timeline of this page’s attempts' })).toBeVisible()
    expect(await documentOverflow(page)).toBeLessThanOrEqual(0)
    expect(await width(attempts)).toBeLessThanOrEqual(await width(panel))
    // No sideways scroll of the table's own either.
    expect(await sidewaysScroll(attempts)).toEqual({ table: false, container: false })
    if (viewportWidth < 700) await expectAttemptCards(attempts)

    // Beside the list on wide screens; a drawer over it (focus kept inside, Esc closes) on narrower ones.
    const drawer = page.getByRole('dialog', { name: `Attempts of ${EXECUTION}` })
    if (viewportWidth > 1100) {
      await expect(drawer).toHaveCount(0)
      return
    }
    await expect(drawer).toBeVisible()
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab')
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('row', { name: `Execution ${EXECUTION}` })).toBeFocused()
    await expect(page).not.toHaveURL(/execution=/)
  })
}

test('below 700 px executions are cards: id, state, age and actions, no sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await openDashboard(page)
  const row = page.getByRole('row', { name: `Execution ${EXECUTION}` })
  await expect(row.getByTitle(EXECUTION)).toBeVisible()
  await expect(row.getByText('Failed')).toBeVisible()
  await expect(row.getByRole('button', { name: `Reschedule ${EXECUTION}` })).toBeVisible()
  await expect(row.getByRole('button', { name: /^Filter by / })).toHaveCount(0)
  const table = page.getByRole('grid', { name: /^Executions/ })
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)

  // The controls fold behind summary lines, so the first card is on the first screen.
  await expect(page.getByRole('combobox', { name: 'Metadata key' })).toBeHidden()
  expect((await row.boundingBox())?.y).toBeLessThan(800)
  // `/` unfolds the filters to reach the metadata key; a click on the summary folds them again.
  await page.keyboard.press('/')
  await expect(page.getByRole('combobox', { name: 'Metadata key' })).toBeFocused()
  await page.getByText('Filters', { exact: true }).click()
  await expect(page.getByRole('combobox', { name: 'Metadata key' })).toBeHidden()
})

test('at 768 px executions are cards: Reschedule in view, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 })
  await openDashboard(page)
  const row = page.getByRole('row', { name: `Execution ${EXECUTION}` })
  const reschedule = row.getByRole('button', { name: `Reschedule ${EXECUTION}` })
  await expect(reschedule).toBeInViewport({ ratio: 1 })
  const table = page.getByRole('grid', { name: /^Executions/ })
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  const box = await reschedule.boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(768)
})

// The first row's bound leaves room for the overview's coverage line on two lines (what earlier tests of the worker
// left for the index to check is said there).
for (const [width, firstRowBelow] of [
  [1440, 480],
  [1280, 550],
] as const) {
  test(`at ${width} px the list's tools share the pager's line, with the settings in one Display menu`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await openDashboard(page)
    const middle = async (locator: Locator) => {
      const box = await locator.boundingBox()
      return box ? box.y + box.height / 2 : Number.NaN
    }
    const line = await middle(page.getByText(/^20 executions on page 1;/))
    for (const control of [
      page.getByRole('button', { name: 'Refresh now' }),
      page.getByRole('button', { name: 'Display…' }),
      page.getByRole('button', { name: 'Keyboard shortcuts' }),
      page.getByRole('button', { name: 'Next page' }).first(),
    ])
      expect(Math.abs((await middle(control)) - line)).toBeLessThan(12)
    const firstRow = await executionRows(page).first().boundingBox()
    expect(firstRow?.y).toBeLessThan(firstRowBelow)
    // The menu opens over the list (nothing moves), and Esc closes it and gives focus back to its button.
    const settings = await displaySettings(page)
    await expect(settings.getByRole('checkbox', { name: 'Auto-refresh' })).toBeVisible()
    await expect(settings.getByRole('combobox', { name: 'Times' })).toBeVisible()
    await expect(settings.getByRole('combobox', { name: 'Density' })).toBeVisible()
    await expect(settings.getByRole('button', { name: 'Columns…' })).toBeVisible()
    expect((await executionRows(page).first().boundingBox())?.y).toBe(firstRow?.y)
    await settings.getByRole('combobox', { name: 'Density' }).focus()
    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()
    await expect(page.getByRole('button', { name: 'Display…' })).toBeFocused()
  })
}

test('every button, field and select above the list has one height, and a row’s buttons at least 24 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openDashboard(page)
  await expect(page.getByRole('button', { name: 'Display…' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Overview' }).getByRole('button', { name: /^Failed / }),
  ).toBeVisible()
  const controls = page.getByRole('button').or(page.getByRole('combobox')).or(page.getByRole('textbox'))
  const heights = await controls.evaluateAll((elements) =>
    elements
      // The histogram's bars are a chart, not controls; a row's buttons are measured below.
      .filter((element) => element.checkVisibility() && !element.closest('figure, tbody'))
      .map((element) => `${Math.round(element.getBoundingClientRect().height)} px`),
  )
  expect(heights.length).toBeGreaterThan(15)
  expect(new Set(heights)).toEqual(new Set(['29 px']))
  const row = page.getByRole('row', { name: `Execution ${EXECUTION}` })
  for (const name of [`Reschedule ${EXECUTION}`, `Watch ${EXECUTION}`])
    expect((await row.getByRole('button', { name }).boundingBox())?.height).toBeGreaterThanOrEqual(24)
})

test('at 2400 px the content is at most 2048 px wide, and the header lines up with it', async ({ page }) => {
  await page.setViewportSize({ width: 2400, height: 900 })
  await openDashboard(page)
  const main = await page.getByRole('main').boundingBox()
  expect(main?.width).toBeLessThanOrEqual(2048)
  const title = await page.getByRole('heading', { level: 1 }).boundingBox()
  const grid = await page.getByRole('grid', { name: /^Executions/ }).boundingBox()
  expect(Math.abs((title?.x ?? 0) - (grid?.x ?? Number.NaN))).toBeLessThanOrEqual(1)
  expect(Math.abs((grid?.x ?? 0) + (grid?.width ?? 0) - 2400 + (grid?.x ?? Number.NaN))).toBeLessThanOrEqual(
    1,
  )
})

test('at 1280 px a row keeps its actions on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openDashboard(page)
  const row = page.getByRole('row', { name: `Execution ${EXECUTION}` })
  const reschedule = await row.getByRole('button', { name: `Reschedule ${EXECUTION}` }).boundingBox()
  const watch = await row.getByRole('button', { name: `Watch ${EXECUTION}` }).boundingBox()
  expect(watch?.y).toBe(reschedule?.y)
  expect(watch?.x).toBeGreaterThan((reschedule?.x ?? 0) + (reschedule?.width ?? 0))
})

test('Copy appears on pointing at an id or reaching its row controls, not in every idle row', async ({
  page,
}) => {
  await openDashboard(page)
  const table = page.getByRole('grid', { name: /^Executions/ })
  await expect(table.getByRole('button', { name: /^Copy ID / })).toHaveCount(0)
  const row = table.getByRole('row', { name: `Execution ${EXECUTION}` })
  await row.getByTitle(EXECUTION).hover()
  await expect(table.getByRole('button', { name: /^Copy ID / })).toHaveCount(1)
  await expect(row.getByRole('button', { name: `Copy ID ${EXECUTION}` })).toBeVisible()
  await page.getByRole('heading', { level: 1 }).hover()
  await expect(table.getByRole('button', { name: /^Copy ID / })).toHaveCount(0)
})

test.describe('on a touch screen, which cannot point', () => {
  test.use({ isMobile: true, hasTouch: true, viewport: { width: 390, height: 800 } })

  test('every card keeps its Copy button', async ({ page }) => {
    await openDashboard(page)
    const table = page.getByRole('grid', { name: /^Executions/ })
    const rows = await table.getByRole('row', { name: /^Execution / }).count()
    await expect(table.getByRole('button', { name: /^Copy ID / })).toHaveCount(rows)
    const row = table.getByRole('row', { name: `Execution ${EXECUTION}` })
    const copy = row.getByRole('button', { name: `Copy ID ${EXECUTION}` })
    await expect(copy).toBeInViewport()
    // Wholly inside its cell, which clips what spills out of it (both measured at one moment).
    const inside = await row.getByTitle(EXECUTION).evaluate((cell) => {
      const cellBox = cell.getBoundingClientRect()
      const copyBox = cell.querySelector('button[aria-label^="Copy ID"]')?.getBoundingClientRect()
      return copyBox ? [copyBox.top >= cellBox.top, copyBox.bottom <= cellBox.bottom] : null
    })
    expect(inside).toEqual([true, true])
  })

  test('at 320 px every card shows its whole id, clear of Copy', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 })
    await openDashboard(page)
    const table = page.getByRole('grid', { name: /^Executions/ })
    const ids = table
      .getByRole('row', { name: /^Execution / })
      .getByRole('gridcell')
      .filter({
        has: page.getByRole('button', { name: /^Copy ID / }),
      })
    expect(await ids.count()).toBeGreaterThan(5)
    const cut = await ids.evaluateAll((cells) =>
      cells.flatMap((cell): string[] => {
        const text = [...cell.childNodes].find((node) => node instanceof Text && node.nodeValue?.trim())
        const range = document.createRange()
        if (text) range.selectNodeContents(text)
        const copy = cell.querySelector('button')?.getBoundingClientRect()
        const whole = cell.scrollWidth <= cell.clientWidth
        const title = cell.getAttribute('title') ?? ''
        return whole && copy && range.getBoundingClientRect().right <= copy.left ? [] : [title]
      }),
    )
    expect(cut).toEqual([])
  })
})

test.describe('in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' })

  test('in UTC mode the summary fields do not overlap, and the timeline axis follows the Times setting', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openDashboard(page)
    await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Times' }).selectOption('utc'))
    await openExecution(page)
    const panel = attemptsPanel(page, EXECUTION)
    await expect(panel.getByRole('table')).toBeVisible()
    const boxes = await panel.getByRole('definition').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect()
        // Text running out of its field would overlap the next one without moving the boxes.
        const spills = element.scrollWidth > element.clientWidth + 1
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, spills }
      }),
    )
    expect(boxes.filter((box) => box.spills)).toEqual([])
    for (const [index, a] of boxes.entries())
      for (const b of boxes.slice(index + 1)) {
        const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
        expect(overlaps, JSON.stringify([a, b])).toBe(false)
      }
    // The axis says its zone and uses the Times setting's clock.
    const figure = panel.getByRole('figure', { name: 'Timeline of this page’s attempts' })
    await expect(figure.getByText('UTC', { exact: true })).toBeVisible()
    await inDisplayMenu(page, (menu) => menu.getByRole('combobox', { name: 'Times' }).selectOption('local'))
    await expect(figure.getByText('America/New_York', { exact: true })).toBeVisible()
  })
})

test('a reschedule from the drawer is announced inside it, where a screen reader can still hear it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 })
  await openDashboard(page)
  await openExecution(page)
  const drawer = page.getByRole('dialog', { name: `Attempts of ${EXECUTION}` })
  await drawer.getByRole('button', { name: `Reschedule ${EXECUTION}` }).click()
  await page
    .getByRole('dialog', { name: /^Reschedule / })
    .getByRole('button', { name: 'Reschedule' })
    .click()
  // The page behind the modal drawer is inert: the live region must be inside the drawer.
  await expect(
    drawer.getByRole('status').filter({ hasText: `Execution ${EXECUTION} rescheduled` }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(
    page.getByRole('status').filter({ hasText: `Execution ${EXECUTION} rescheduled` }),
  ).toBeAttached()
})
