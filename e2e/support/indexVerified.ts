import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * Waits until the dashboard's index says the view (`query`: the page URL's filter parameters) is exact as of a
 * verification that began at or after `since`: its counts are then the demo's as the test set it up, not what an
 * earlier test left (each test resets the demo, which the index learns only by verifying again).
 */
export async function indexVerifiedSince(page: Page, query: string, since: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/overview?${query}`)
        const coverage = ((await answer.json()) as { coverage?: { kind?: string; asOf?: number } }).coverage
        return coverage?.kind === 'exact' && (coverage.asOf ?? 0) >= since
      },
      { timeout: 45_000 },
    )
    .toBe(true)
}
