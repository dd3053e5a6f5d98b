import { afterAll, describe, expect, it } from 'vitest'
import { startTestDashboard } from '../testing/dashboardTestKit.ts'
import { startFakeApi } from '../testing/fakeApi.ts'
import { rawRequest } from '../testing/httpTestKit.ts'

/** An API that requires `filters` in every list body, as one reading of the spec has it. */
const api = await startFakeApi(({ body }) =>
  'filters' in body
    ? { json: { data: [], page_info: { has_next_page: false } } }
    : { status: 400, json: { error: { code: 'invalid_request', message: 'filters is required' } } },
)
const dashboard = await startTestDashboard({ env: { EXEC_API_URL: api.url } })
afterAll(async () => {
  await dashboard.close()
  await api.close()
})

describe('the sign-in check', () => {
  it('signs in against an API that requires filters in every body: asked once more with them', async () => {
    const answer = await rawRequest(`${dashboard.url}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'a-valid-token-1234' }),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^exec_dashboard_session=/)
    expect(api.requests.map((request) => request.body)).toEqual([
      { page: { first: 1 } },
      { page: { first: 1 }, filters: {} },
    ])
  })
})
