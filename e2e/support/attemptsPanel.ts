import type { Page } from '@playwright/test'
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
