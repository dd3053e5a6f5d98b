import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

export function attemptsPanel(page: Page, executionId: string) {
  return page.getByRole('region', { name: `Attempts of ${executionId}` })
}

/** Attempt ids in the panel's table, read from each row's first cell. */
export async function shownAttemptIds(page: Page, executionId: string): Promise<string[]> {
  const rows = page.getByRole('table', { name: `Attempts of ${executionId}` }).getByRole('row')
  const ids: string[] = []
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell')
    if ((await cells.count()) > 0) ids.push(((await cells.first().textContent()) ?? '').trim())
  }
  return ids
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
