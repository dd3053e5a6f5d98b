import { expect, test } from './support/fixtures.ts'

test('the executions table shows the first page of demo executions through the proxy', async ({
  page,
  demo,
}) => {
  const listRequest = page.waitForRequest((request) => request.url().endsWith('/api/executions'))
  await page.goto('/')

  const table = page.getByRole('table', { name: /^Executions/ })
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'ID',
    'State',
    'Created',
    'Updated',
    'Actions',
  ])
  await expect(table.getByRole('row')).toHaveCount(21)
  await expect(table.getByRole('row', { name: 'Execution job/2026 #1' })).toBeVisible()

  const request = await listRequest
  expect(request.method()).toBe('POST')
  expect(request.headers()['x-http-method-override']).toBe('GET')
  expect(request.postDataJSON()).toEqual({ page: { first: 20 } })
  expect((await demo.stats()).requests.list_executions).toBeGreaterThan(0)
})
