import type { Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'

export function attemptsPanel(page: Page, executionId: string) {
  return page.getByRole('region', { name: `Attempts of ${executionId}` })
}

/**
 * Attempt ids in the panel's table, read from each row's first cell in one pass: a refetch that re-renders
 * the table between two reads must not leave the poll waiting on a row that is gone.
 */
export async function shownAttemptIds(page: Page, executionId: string): Promise<string[]> {
  const cells = page
    .getByRole('table', { name: `Attempts of ${executionId}` })
    .getByRole('row')
    .getByRole('cell')
  return cells.evaluateAll((elements) =>
    elements
      .filter((cell) => cell.parentElement?.firstElementChild === cell)
      .map((cell) => (cell.textContent ?? '').trim()),
  )
}

export async function expectAttemptIds(page: Page, executionId: string, ids: string[]): Promise<void> {
  await expect.poll(() => shownAttemptIds(page, executionId)).toEqual(ids)
}

/** Records the bodies of attempt list calls that leave the browser. */
export function recordAttemptBodies(page: Page): { path: string; body: unknown }[] {
  const seen: { path: string; body: unknown }[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.endsWith('/attempts') && request.method() === 'POST')
      seen.push({ path, body: request.postDataJSON() })
  })
  return seen
}

/** Whether the table, or the box around it, scrolls sideways. */
export async function sidewaysScroll(table: Locator) {
  return table.evaluate((element) => {
    const container = element.parentElement ?? element
    return {
      table: element.scrollWidth > element.clientWidth,
      container: container.scrollWidth > container.clientWidth,
    }
  })
}

/**
 * Attempts as cards: no header row; in each attempt the cells stack on more than one line, each inside the card,
 * and every cell but the id names its field ("State: ").
 */
export async function expectAttemptCards(table: Locator) {
  await expect(table.getByRole('columnheader')).toHaveCount(0)
  const rows = table.getByRole('row')
  expect(await rows.count()).toBeGreaterThan(0)
  const cards = await rows.evaluateAll((elements) =>
    elements.map((row) => {
      const box = row.getBoundingClientRect()
      const cells = [...row.querySelectorAll('td')]
      return {
        lines: new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().top))).size,
        inside: cells.every((cell) => {
          const cellBox = cell.getBoundingClientRect()
          return cellBox.left >= box.left - 0.5 && cellBox.right <= box.right + 0.5
        }),
        named: cells
          .slice(1)
          .map((cell) => getComputedStyle(cell, '::before').content)
          .every((content) => /^"\w+: "$/.test(content)),
      }
    }),
  )
  for (const card of cards) {
    expect(card.lines).toBeGreaterThan(1)
    expect(card.inside).toBe(true)
    expect(card.named).toBe(true)
  }
}

/** Opens an execution's attempts from the keyboard (a click could land on a chip or a button in the row). */
export async function openFromKeyboard(page: Page, id: string) {
  await page.getByRole('row', { name: `Execution ${id}` }).focus()
  await page.keyboard.press('Enter')
}
