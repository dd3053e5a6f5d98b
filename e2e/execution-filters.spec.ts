import { expect, test } from './support/fixtures.ts'
import { demoIds } from './support/demoQuery.ts'
import { expectIds, expectSent, openDashboard, recordListBodies } from './support/executionsPage.ts'

test('filter by one state, then by two', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)
  const states = page.getByRole('group', { name: 'State' })

  await states.getByRole('checkbox', { name: 'Failed' }).check()
  const failedOnly = { page: { first: 20 }, filters: { states: ['failed'] } }
  await expectIds(page, await demoIds(failedOnly))
  await expectSent(bodies, failedOnly)
  await expect(page.getByRole('grid').getByText('Succeeded')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove filter State: Failed' })).toBeVisible()

  // Keyboard: Space toggles the focused checkbox.
  await states.getByRole('checkbox', { name: 'Started' }).focus()
  await page.keyboard.press('Space')
  const startedOrFailed = { page: { first: 20 }, filters: { states: ['started', 'failed'] } }
  await expectIds(page, await demoIds(startedOrFailed))
  await expectSent(bodies, startedOrFailed)
  await expect(page).toHaveURL(/state=started&state=failed/)
})

test('filter by one metadata entry, then by two entries', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)

  await page.getByRole('combobox', { name: 'Metadata key' }).fill('env')
  const values = page.getByRole('combobox', { name: 'Metadata values' })
  await values.fill('production')
  await values.press('Enter')
  await values.fill('staging')
  await page.getByRole('button', { name: 'Add metadata filter' }).click()
  const oneEntry = {
    page: { first: 20 },
    filters: { metadata: [{ key: 'env', values: ['production', 'staging'] }] },
  }
  await expectIds(page, await demoIds(oneEntry))
  await expectSent(bodies, oneEntry)
  await expect(page.getByRole('button', { name: 'Remove filter env = production or staging' })).toBeVisible()

  await page.getByRole('combobox', { name: 'Metadata key' }).fill('region')
  await values.fill('eu-west-1')
  await values.press('Enter')
  await expect(page.getByRole('button', { name: 'Remove value eu-west-1' })).toBeVisible()
  await values.press('Enter')
  const twoEntries = {
    page: { first: 20 },
    filters: {
      metadata: [
        { key: 'env', values: ['production', 'staging'] },
        { key: 'region', values: ['eu-west-1'] },
      ],
    },
  }
  await expectIds(page, await demoIds(twoEntries))
  await expectSent(bodies, twoEntries)

  await page.getByRole('button', { name: 'Remove filter env = production or staging' }).click()
  const regionOnly = {
    page: { first: 20 },
    filters: { metadata: [{ key: 'region', values: ['eu-west-1'] }] },
  }
  await expectIds(page, await demoIds(regionOnly))
  await expectSent(bodies, regionOnly)
})

test('an incomplete metadata entry gets a clear message and sends nothing', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)
  const sent = bodies.length
  await page.getByRole('combobox', { name: 'Metadata key' }).fill('env')
  await page.getByRole('button', { name: 'Add metadata filter' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter at least one value.')
  expect(bodies.length).toBe(sent)
})

test('states and metadata combined', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)
  await page.getByRole('checkbox', { name: 'Succeeded' }).check()
  await page.getByRole('combobox', { name: 'Metadata key' }).fill('team')
  await page.getByRole('combobox', { name: 'Metadata values' }).fill('data')
  await page.getByRole('button', { name: 'Add metadata filter' }).click()

  const combined = {
    page: { first: 20 },
    filters: { states: ['succeed'], metadata: [{ key: 'team', values: ['data'] }] },
  }
  const expected = await demoIds(combined)
  expect(expected.length).toBeGreaterThan(0)
  await expectIds(page, expected)
  await expectSent(bodies, combined)

  await page.getByRole('button', { name: 'Clear filters' }).click()
  // The unfiltered first page may come from the cache, so the URL, not a request, proves the reset.
  await expectIds(page, await demoIds({ page: { first: 20 } }))
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('checkbox', { name: 'Succeeded' })).not.toBeChecked()
})

test('clicking a metadata chip filters by it', async ({ page }) => {
  const bodies = recordListBodies(page)
  await openDashboard(page)
  // The first row's env chip: a row's first chip is always drawn (the others may be under "+N").
  const chip = page.getByRole('button', { name: /^Filter by env=/ }).first()
  const env = ((await chip.textContent()) ?? '').replace(/^env=/, '')
  expect(env).not.toBe('')
  await chip.click()

  const byEnv = { page: { first: 20 }, filters: { metadata: [{ key: 'env', values: [env] }] } }
  await expectIds(page, await demoIds(byEnv))
  await expectSent(bodies, byEnv)
  await expect(page.getByRole('button', { name: `Remove filter env = ${env}` })).toBeVisible()
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^Filter by env=(?!${env.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$)`),
    }),
  ).toHaveCount(0)
})

test('a filter that matches nothing names the values seen and offers the nearest one', async ({ page }) => {
  await openDashboard(page)
  await page.getByLabel('Metadata key').fill('env')
  await page.getByLabel('Metadata values').fill('prodution')
  await page.getByRole('button', { name: 'Add metadata filter' }).click()
  const empty = page.getByRole('status').filter({ hasText: 'No executions match these filters' })
  await expect(empty).toContainText(/env has .*production.* on the pages seen so far/)
  await empty.getByRole('button', { name: 'Did you mean production?' }).click()
  await expect(page).toHaveURL(/m\.env=production/)
  await expect(page).not.toHaveURL(/prodution/)
  const byEnv = { page: { first: 20 }, filters: { metadata: [{ key: 'env', values: ['production'] }] } }
  await expectIds(page, await demoIds(byEnv))
})
