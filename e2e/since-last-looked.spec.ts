import { expect, test } from './support/fixtures.ts'
import { startExtraDashboard } from './support/dashboardStack.ts'
import { allDemoExecutions } from './support/demoQuery.ts'
import { executionRows } from './support/executionsPage.ts'
import { expectNoViolations } from './support/axe.ts'

test('coming back to a view shows what failed meanwhile, from the index; it leads to those failures', async ({
  page,
  demo,
}) => {
  test.setTimeout(90_000)
  // A server of its own: the digest shows after any absence (the default waits a minute), its index refreshes often.
  const dashboard = await startExtraDashboard({
    DASHBOARD_DIGEST_AWAY_MS: '0',
    DASHBOARD_INDEX_REFRESH_MS: '500',
  })
  try {
    await page.goto(`${dashboard.baseURL}/`)
    await expect(executionRows(page).first()).toBeVisible()
    // A look counts once the index holds the whole view (as of its last complete refresh): this one, or the next.
    let seenAt: number | null = null
    await expect
      .poll(
        async () => {
          const answer = await page.request.post(`${dashboard.baseURL}/api/digest/seen`, { data: {} })
          seenAt = ((await answer.json()) as { seenAt: number | null }).seenAt
          return seenAt
        },
        { timeout: 30_000 },
      )
      .not.toBeNull()
    // A first look has nothing to compare with.
    await expect(page.getByRole('region', { name: /Since you last looked/ })).toHaveCount(0)

    // The demo's simulation while the user is away: executions start, finish (some failing) and arrive.
    let changes = 0
    while (changes < 100) {
      const step = await demo.tick()
      changes += step.started.length + step.finished.length + step.retried.length + step.created.length
    }
    const failedSince = (await allDemoExecutions({ states: ['failed'] })).filter(
      (row) => Date.parse(row.updated_at) > (seenAt ?? Infinity),
    )
    expect(failedSince.length).toBeGreaterThan(0)
    const expected = `${failedSince.length} ${failedSince.length === 1 ? 'execution' : 'executions'} failed`

    // Coming back: the index refreshes within a moment; until it has seen them all, a reload counts fewer.
    const digest = page.getByRole('region', { name: /Since you last looked/ })
    await expect(async () => {
      await page.reload()
      await expect(digest).toContainText(expected, { timeout: 3_000 })
    }).toPass({ timeout: 45_000 })
    await expect(digest).toContainText('From the dashboard’s index:')
    // It covers no control (it sat over the list's buttons, axe's only violations left, issue 47 §4), and no
    // second, visible toast repeats it.
    const covered = await digest.evaluate((card) => {
      const box = card.getBoundingClientRect()
      return [...document.querySelectorAll('button, a[href], input, select')]
        .filter((control) => !card.contains(control))
        .filter((control) => {
          const other = control.getBoundingClientRect()
          const hit = document.elementFromPoint(other.x + other.width / 2, other.y + other.height / 2)
          const overlaps =
            other.width > 0 &&
            other.x < box.right &&
            other.right > box.x &&
            other.y < box.bottom &&
            other.bottom > box.y
          return overlaps || (hit !== null && card.contains(hit))
        }).length
    })
    expect(covered).toBe(0)
    await expect(page.locator('.announcer').getByText(/Since you last looked/)).toHaveCount(0)
    await expectNoViolations(page)

    await digest.getByRole('button', { name: 'Show them in the list' }).click()
    await expect(page).toHaveURL(/state=failed.*from=.*on=updated/)
    const ids = failedSince.map((row) => row.id)
    await expect(executionRows(page)).toHaveCount(Math.min(ids.length, 20))
    for (const row of await executionRows(page).all())
      expect(ids).toContain((await row.getAttribute('aria-label'))?.replace(/^Execution /, ''))

    // It has led the user to what it was about: the list of the failures is a view of its own, with no digest yet.
    await expect(digest).toHaveCount(0)
  } finally {
    await dashboard.close()
  }
})
