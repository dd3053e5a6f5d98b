import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { execution, pageOf, startFakeApi } from '../testing/fakeApi.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { respellListBody } from './respell.ts'

const spell = (state: string) => (state === 'failed' ? ['FAILED', 'Failed'] : [state])

describe('respellListBody', () => {
  it('sends every spelling seen for each state, and passes any other body on as it came', () => {
    const body = (value: unknown) => Buffer.from(JSON.stringify(value))
    const spelled = respellListBody(
      body({ page: { first: 5 }, filters: { states: ['failed', 'started'] } }),
      spell,
    )
    expect(JSON.parse(spelled.toString())).toEqual({
      page: { first: 5 },
      filters: { states: ['FAILED', 'Failed', 'started'] },
    })
    for (const same of [
      body({ page: { first: 5 } }),
      body({ filters: { states: ['started'] } }),
      body({ filters: { states: [1] } }),
      body([1]),
      Buffer.from('not json'),
    ])
      expect(respellListBody(same, spell)).toBe(same)
  })
})

/** An API that spells states in capitals and matches them exactly, as a strict server would. */
const rows = Array.from({ length: 30 }, (_, n) => ({
  ...execution(n + 1, n % 3 === 0 ? 'FAILED' : 'SUCCEEDED'),
}))
const api = await startFakeApi(({ body }) => {
  const states = (body.filters as { states?: string[] } | undefined)?.states
  return { json: pageOf(states ? rows.filter((row) => states.includes(row.state)) : rows, body) }
})
let store: Store
let dashboard: TestDashboard
beforeAll(async () => {
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  dashboard = await startTestDashboard({
    env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: 'respell-token' },
    store,
  })
})
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
})

describe('a link opened before the browser has seen a list answer', () => {
  it('asks for `failed` in the spelling the index learned, so the first answer holds the failed rows', async () => {
    await expect
      .poll(async () => jsonOf(await rawRequest(`${dashboard.url}/api/overview`)).coverage)
      .toMatchObject({ kind: 'exact' })
    const answer = await rawRequest(`${dashboard.url}/api/executions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
      body: JSON.stringify({ page: { first: 20 }, filters: { states: ['failed'] } }),
    })
    expect(api.requests.at(-1)?.body).toEqual({ page: { first: 20 }, filters: { states: ['FAILED'] } })
    expect((JSON.parse(answer.body) as { data: unknown[] }).data).toHaveLength(10)
  })
})

describe('with no index, the server is still the one speller', () => {
  const post = (url: string, body: unknown) =>
    rawRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
      body: JSON.stringify(body),
    })

  it('learns the spelling from an attempts answer and sends both lists’ filters in it', async () => {
    /** Attempts spelled in capitals too: a filter sent by meaning finds them once an answer showed the spelling. */
    const attemptsApi = await startFakeApi(({ path, body }) => {
      const states = (body.filters as { states?: string[] } | undefined)?.states
      const list = path.endsWith('/attempts')
        ? [execution(1, 'FAILED'), execution(2, 'SUCCEEDED')]
        : [execution(3, 'FAILED')]
      return { json: pageOf(states ? list.filter((row) => states.includes(row.state)) : list, body) }
    })
    const plain = await startTestDashboard({ env: { EXEC_API_URL: attemptsApi.url, EXEC_API_TOKEN: 't' } })
    try {
      const attempts = `${plain.url}/api/executions/e1/attempts`
      const before = await post(attempts, { page: { first: 10 }, filters: { states: ['failed'] } })
      expect(attemptsApi.requests.at(-1)?.body).toMatchObject({ filters: { states: ['failed'] } })
      expect(jsonOf(before).data).toEqual([])
      await post(attempts, { page: { first: 10 } })
      // Learned after the answer went out: the next request is spelled once the server has read it.
      await expect
        .poll(async () => {
          const answer = await post(attempts, { page: { first: 10 }, filters: { states: ['failed'] } })
          return (jsonOf(answer).data as unknown[]).length
        })
        .toBe(1)
      expect(attemptsApi.requests.at(-1)?.body).toMatchObject({ filters: { states: ['FAILED'] } })
      await post(`${plain.url}/api/executions`, { page: { first: 10 }, filters: { states: ['failed'] } })
      expect(attemptsApi.requests.at(-1)?.body).toEqual({
        page: { first: 10 },
        filters: { states: ['FAILED'] },
      })
    } finally {
      await plain.close()
      await attemptsApi.close()
    }
  })
})
