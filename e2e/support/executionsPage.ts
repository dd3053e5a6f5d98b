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

/** The execution ids in the table, read from each row's copy button name. */
export async function shownIds(page: Page): Promise<string[]> {
  const buttons = page.getByRole('grid', { name: /^Executions/ }).getByRole('button', { name: /^Copy ID / })
  return buttons.evaluateAll((elements) =>
    elements.map((element) => (element.getAttribute('aria-label') ?? '').replace(/^Copy ID /, '')),
  )
}

/** Waits until the table shows exactly `ids`. */
export async function expectIds(page: Page, ids: string[]): Promise<void> {
  await expect.poll(() => shownIds(page)).toEqual(ids)
}

export async function openDashboard(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await expect(
    page
      .getByRole('grid')
      .getByRole('button', { name: /^Copy ID / })
      .first(),
  ).toBeVisible()
}

/**
 * Waits until `expected` is among the recorded bodies. A page load also prefetches the next page,
 * so the newest body is not always the one that fetched the rows on screen; clear the record
 * (`bodies.length = 0`) before the action under test.
 */
export async function expectSent(bodies: ListBody[], expected: ListBody): Promise<void> {
  await expect.poll(() => bodies).toContainEqual(expected)
}
