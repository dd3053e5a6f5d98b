import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { executionRows } from './support/executionsPage.ts'
import { clickCounter, startIncidentStack } from './support/incidentStack.ts'
import { filterByKeys, keyboardCounter } from './support/keyboardCounter.ts'

const board = (page: Page) => page.getByRole('region', { name: 'Failure groups' })
const groupRows = (page: Page) =>
  board(page)
    .getByRole('grid', { name: 'Failure groups, largest first' })
    .getByRole('row', { name: / failed / })
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const copied = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

// Issue 47's task, on the demo's incident of the last hour (docs/operators-guide.md, "The incident walk"): "failures
// in production spiked in the last hour: how many, which causes, reschedule the main cause's group, acknowledge
// another with a note, show a colleague who did what, and send them a link to this exact view". It took 13 clicks or
// 88 keys; the goal is at most 40 keys and 10 clicks, besides typing.
test('the incident handed over: in at most 40 keys and 10 clicks besides typing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const incident = await startIncidentStack()
  try {
    await page.goto(`${incident.baseURL}/`)
    await expect(executionRows(page).first()).toBeVisible()
    const keys = keyboardCounter(page)
    const pointer = clickCounter()

    // Only production: `/`, the key, Tab, the value, Enter to add it, Enter to apply.
    await filterByKeys(page, keys, 'env', 'production')
    await expect(page).toHaveURL(/m\.env=production/)
    // Esc: out of the filter, back to the list (keys never act while typing in a field).
    await keys.press('Escape')
    await expect(executionRows(page).first()).toBeFocused()

    // The last hour, from the palette.
    await keys.press('Control+k')
    await expect(palette(page).getByRole('combobox')).toBeFocused()
    await page.keyboard.type('last hour')
    await expect(palette(page).getByRole('option').first()).toHaveText(/Time window: Last hour/)
    await keys.press('Enter')
    await expect(page).toHaveURL(/[?&]window=1h(&|$)/)

    // How many: the overview counts the failed of the view, exactly once the index has walked it.
    const failedCount = page
      .getByRole('region', { name: 'Overview' })
      .getByRole('button', { name: /^Failed / })
    await expect(failedCount).toHaveText(/^Failed [\d,]+/, { timeout: 30_000 })

    // Which causes: g opens the failure groups; focus goes to the largest group; the grouping is a suggestion.
    await keys.press('g')
    await expect(page).toHaveURL(/triage=1/)
    await expect(groupRows(page).first()).toBeFocused({ timeout: 30_000 })
    await expect(board(page).getByText(/^Suggested: it splits these failures best/)).toBeVisible()
    await expect(page).toHaveURL(/group=key%3A/)
    const grouping = new URL(page.url()).searchParams.get('group') ?? ''
    await expect(board(page).getByText(/Exact as of/)).toBeVisible({ timeout: 60_000 })
    const main = groupRows(page).first()
    const mainLabel = (await main.getByRole('rowheader').textContent()) ?? ''
    const mainSize = Number(/(\d+) failed/.exec((await main.textContent()) ?? '')?.[1])
    expect(mainSize).toBeGreaterThanOrEqual(25)

    // Reschedule the main cause's group: r, and the dry run names the group; Enter sends; Esc closes the summary.
    await keys.press('r')
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Reschedule the ${mainSize} failures of `) })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading')).toContainText(`= ${mainLabel} (last hour, env = production)`)
    const confirm = dialog.getByRole('button', { name: `Reschedule ${mainSize} executions` })
    await expect(confirm).toBeFocused({ timeout: 60_000 })
    await keys.press('Enter')
    await expect(dialog.getByText(new RegExp(`^${mainSize} rescheduled, 0 failed`))).toBeFocused({
      timeout: 30_000,
    })
    expect(Object.keys((await incident.demo.stats()).reschedules_by_id)).toHaveLength(mainSize)
    await keys.press('Escape')
    await expect(dialog).toHaveCount(0)

    // The grouping held: the board did not regroup itself.
    expect(new URL(page.url()).searchParams.get('group')).toBe(grouping)

    // Acknowledge another group with a note: arrows to it, a, the note, Enter. The main group has left the board
    // once the index saw its failures rescheduled (focus then went to the first group, not the page's body).
    const mainRow = groupRows(page).filter({
      has: page.getByRole('rowheader', { name: mainLabel, exact: true }),
    })
    // One read that does not wait: a row that leaves between a count and a read would hold a waiting read for ever.
    const settled = async () => {
      const [text] = await mainRow.allTextContents()
      return text === undefined || /failed 0 open/.test(text)
    }
    await expect.poll(settled, { timeout: 30_000 }).toBe(true)
    const focusedRow = board(page).locator('tr[data-row-id]:focus')
    await expect(focusedRow).toHaveCount(1)
    const other = groupRows(page)
      .filter({ hasNot: page.getByRole('rowheader', { name: mainLabel, exact: true }) })
      .first()
    const otherLabel = (await other.getByRole('rowheader').textContent()) ?? ''
    const ids = await board(page)
      .locator('tr[data-row-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')))
    const from = ids.indexOf(await focusedRow.getAttribute('data-row-id'))
    const to = ids.indexOf(await other.getAttribute('data-row-id'))
    for (let step = from; step !== to; step += Math.sign(to - from))
      await keys.press(to > from ? 'ArrowDown' : 'ArrowUp')
    await expect(other).toBeFocused()
    await keys.press('a')
    const ack = page.getByRole('dialog', { name: `Acknowledge the failures of ${otherLabel}` })
    await expect(ack.getByLabel('Note (a ticket or a reason)')).toBeFocused()
    await page.keyboard.type('INC-4711 certificate expired, renewal under way')
    await keys.press('Enter')
    await expect(ack).toHaveCount(0)
    const acknowledged = groupRows(page).filter({
      has: page.getByRole('rowheader', { name: otherLabel, exact: true }),
    })
    await expect(acknowledged).toContainText('failed 0 open')
    // Its samples open: the group a link carries.
    await expect(acknowledged).toBeFocused()
    await keys.press('Enter')
    await expect(page).toHaveURL(/open-group=/)

    // Who did what: t opens the audit trail (focus on its title); l copies a link to it for the colleague.
    await keys.press('t')
    const audit = page.getByRole('region', { name: 'Audit trail' })
    await expect(audit.getByRole('heading', { name: 'Audit trail' })).toBeFocused()
    await expect(audit.getByRole('link', { name: /^Open what bulk run / }).first()).toBeVisible()
    await expect(audit.getByRole('link', { name: /^Open what acknowledgement / }).first()).toBeVisible()
    await keys.press('l')
    await expect.poll(() => copied(page)).toMatch(/[?&]audit=1/)
    const auditLink = await copied(page)

    // Back to the incident (Esc), and its link: l, with the window pinned, the grouping and the open group.
    await keys.press('Escape')
    await expect(groupRows(page).first()).toBeFocused({ timeout: 15_000 })
    await keys.press('l')
    await expect.poll(() => copied(page)).toMatch(/[?&]from=/)
    const incidentLink = new URL(await copied(page))
    expect(incidentLink.searchParams.get('window')).toBeNull()
    expect(
      Date.parse(incidentLink.searchParams.get('to') ?? '') -
        Date.parse(incidentLink.searchParams.get('from') ?? ''),
    ).toBe(3_600_000)
    expect(incidentLink.searchParams.get('group')).toBe(grouping)
    expect(incidentLink.searchParams.get('open-group')).toBeTruthy()
    expect(incidentLink.searchParams.get('triage')).toBe('1')

    // The goal: at most 40 keys and 10 clicks besides typing (docs/operators-guide.md states the count).
    expect(keys.count).toBeLessThanOrEqual(40)
    expect(pointer.count).toBeLessThanOrEqual(10)
    test
      .info()
      .annotations.push({ type: 'walkthrough', description: `${keys.count} keys, ${pointer.count} clicks` })
    console.log(`incident walkthrough: ${keys.count} keys, ${pointer.count} clicks`)

    // The colleague: the audit link shows the trail; the run's link opens what it acted on, its executions first.
    const context = await browser.newContext()
    const colleague = await context.newPage()
    await colleague.goto(auditLink)
    const theirAudit = colleague.getByRole('region', { name: 'Audit trail' })
    await theirAudit
      .getByRole('link', { name: /^Open what bulk run / })
      .first()
      .click()
    await expect(colleague).toHaveURL(/[?&]run=/)
    const opened = new URL(colleague.url()).searchParams
    expect(opened.get('m.env')).toBe('production')
    expect(opened.get('group')).toBe(grouping)
    expect(opened.get('from')).toBeTruthy()
    await expect(colleague.getByText(/^Only the executions bulk run/)).toContainText(`(${mainSize})`)
    await expect(executionRows(colleague)).toHaveCount(Math.min(mainSize, 20))
    await expect(colleague.getByRole('region', { name: 'Failure groups' })).toBeVisible()
    // And the incident link shows them the same board, grouped the same, the group open.
    await colleague.goto(incidentLink.toString())
    await expect(colleague.getByRole('group', { name: `Samples of ${otherLabel}` })).toBeVisible({
      timeout: 30_000,
    })
    await context.close()
  } finally {
    await incident.close()
  }
})
