import type { Locator, Page, Request } from '@playwright/test'
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

/**
 * The list's Display menu (auto-refresh and its interval, Times, density, columns), opened if it is closed: the
 * group to find those settings in.
 */
export async function displaySettings(page: Page) {
  const toggle = page.getByRole('button', { name: 'Display…' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  return page.getByRole('group', { name: 'Display' })
}

/** Does `act` in the Display menu, then closes the menu, so that it covers no rows. */
export async function inDisplayMenu(page: Page, act: (menu: Locator) => Promise<unknown>): Promise<void> {
  await act(await displaySettings(page))
  await page.getByRole('button', { name: 'Display…' }).click()
  await expect(page.getByRole('group', { name: 'Display' })).toBeHidden()
}
