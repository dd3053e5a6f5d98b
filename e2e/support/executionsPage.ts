import type { Page, Request } from '@playwright/test'
import { expect } from '@playwright/test'

export interface ListBody {
  page: { first: number; after?: string }
  filters?: { states?: string[]; metadata?: { key: string; values: string[] }[] }
}

/** Records the JSON body of every executions list call that leaves the browser. */
export function recordListBodies(page: Page): ListBody[] {
  const bodies: ListBody[] = []
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === '/api/executions' && request.method() === 'POST') {
      bodies.push(request.postDataJSON() as ListBody)
    }
  })
  return bodies
}

/** The execution rows of the table (not the lingering or unreadable ones, which have no data-row-id). */
export function executionRows(page: Page) {
  return page
    .getByRole('grid', { name: /^Executions/ })
    .getByRole('row', { name: /^Execution / })
    .and(page.locator('[data-row-id]'))
}

/** The execution ids in the table, in order. */
export async function shownIds(page: Page): Promise<string[]> {
  return executionRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id') ?? ''))
}

/** Waits until the table shows exactly `ids`. */
export async function expectIds(page: Page, ids: string[]): Promise<void> {
  await expect.poll(() => shownIds(page)).toEqual(ids)
}

/**
 * Opens the dashboard and waits for its first rows, for the list's controls (they load in a chunk of their own,
 * with the table's keys) and for the header's tools, so a test may type and press keys at once, and a phone's
 * header (which folds nothing) has its height.
 */
export async function openDashboard(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await expect(executionRows(page).first()).toBeVisible()
  await expect(page.getByLabel('Metadata key')).toBeAttached()
  await expect(page.getByRole('combobox', { name: 'Theme' })).toBeAttached()
}

/**
 * Waits until `expected` is among the recorded bodies. A page load also prefetches the next page,
 * so the newest body is not always the one that fetched the rows on screen; clear the record
 * (`bodies.length = 0`) before the action under test.
 */
export async function expectSent(bodies: ListBody[], expected: ListBody): Promise<void> {
  await expect.poll(() => bodies).toContainEqual(expected)
}

/**
 * Live refresh off before the page loads (the browser's stored preference): for tests of the list's own read and
 * its failures, so neither the server's live stream nor a poll answers in its place.
 */
export async function withoutLiveRefresh(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('execution-dashboard:auto-refresh', 'off'))
}
