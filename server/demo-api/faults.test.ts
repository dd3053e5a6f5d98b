import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import { startTestApi } from './testClient.ts'
import type { DemoClient, ErrorJson } from './testClient.ts'

let api: RunningDemoApi
let client: DemoClient

beforeAll(async () => {
  ;({ api, client } = await startTestApi({ executionCount: 100 }))
})
afterAll(() => api.close())
beforeEach(async () => {
  await client.control('POST', '/reset')
})

const addFaults = (...rules: unknown[]) => client.control('POST', '/faults', { rules })
const stats = async () =>
  (await client.control<{ requests: Record<string, number> }>('GET', '/stats')).json.requests

describe('fault rules', () => {
  it('answers with the given status, body, content type and Retry-After', async () => {
    await addFaults({
      operation: 'list_executions',
      status: 503,
      body: '<h1>down</h1>',
      contentType: 'text/html',
      retryAfter: 7,
    })
    const response = await client.listExecutions({})
    expect(response.status).toBe(503)
    expect(response.text).toBe('<h1>down</h1>')
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['retry-after']).toBe('7')
  })

  it("leaves the dashboard's background scans alone unless a rule says background", async () => {
    await addFaults({ operation: 'list_executions', status: 503, times: 1 })
    const scan = { headers: { 'user-agent': 'execution-dashboard (index)' } }
    expect((await client.listExecutions({}, scan)).status).toBe(200)
    expect(
      (await client.listExecutions({}, { headers: { 'user-agent': 'execution-dashboard (user)' } })).status,
    ).toBe(503)
    await addFaults({ operation: 'list_executions', status: 503, times: 1, background: true })
    expect((await client.listExecutions({}, scan)).status).toBe(503)
    // What each part of the dashboard costs the API, by its lane; anything else is "other".
    await client.listExecutions()
    const { json } = await client.control('GET', '/stats')
    expect(json).toMatchObject({ list_executions_by_lane: { index: 2, user: 1, other: 1 } })
  })

  it('defaults to a JSON error body for an error status', async () => {
    await addFaults({ status: 429, retryAfter: 2 })
    const response = await client.listAttempts('exec-locked')
    expect(response.status).toBe(429)
    expect((response.json as unknown as ErrorJson).error.code).toBe('too_many_requests')
    expect(response.headers['retry-after']).toBe('2')
  })

  it('affects only `times` matching requests', async () => {
    await addFaults({ operation: 'list_executions', status: 500, times: 2 })
    expect((await client.listAttempts('exec-locked')).status).toBe(200)
    expect((await client.listExecutions()).status).toBe(500)
    expect((await client.listExecutions()).status).toBe(500)
    expect((await client.listExecutions()).status).toBe(200)
    expect((await client.control('GET', '/faults')).json).toEqual({ rules: [] })
  })

  it('matches on the execution id', async () => {
    await addFaults({ executionId: 'job/2026 #1', status: 502 })
    expect((await client.listAttempts('job/2026 #1')).status).toBe(502)
    expect((await client.reschedule('job/2026 #1', { schedule_for: true })).status).toBe(502)
    expect((await client.listAttempts('exec-locked')).status).toBe(200)
    expect((await client.listExecutions()).status).toBe(200)
  })

  it('uses the first matching rule first', async () => {
    await addFaults({ status: 500, times: 1 }, { status: 503, times: 1 })
    expect((await client.listExecutions()).status).toBe(500)
    expect((await client.listExecutions()).status).toBe(503)
    expect((await client.listExecutions()).status).toBe(200)
  })

  it('answers 200 with a body that breaks the schema when malformed', async () => {
    const normal = await client.listExecutions({ page: { first: 3 } })
    await addFaults({ operation: 'list_executions', malformed: true, times: 1 })
    const { status, json } = await client.listExecutions({ page: { first: 3 } })
    expect(status).toBe(200)
    const [first, ...rest] = json.data
    expect(first).not.toHaveProperty('state')
    expect(first?.created_at).toBe('yesterday')
    expect(first?.id).toBe(normal.json.data[0]?.id)
    expect(rest).toEqual(normal.json.data.slice(1))
  })

  it('breaks the reschedule response when malformed', async () => {
    await addFaults({ operation: 'reschedule', malformed: true })
    const { status, json } = await client.reschedule('exec-000050', { schedule_for: true })
    expect(status).toBe(200)
    expect(json.data).not.toHaveProperty('state')
    expect(json.data.created_at).toBe('yesterday')
  })

  it('drops the connection without a response', async () => {
    await addFaults({ drop: true, times: 1 })
    await expect(client.listExecutions()).rejects.toThrow(/socket hang up|ECONNRESET/)
    expect((await client.listExecutions()).status).toBe(200)
  })

  it('delays the normal response', async () => {
    await addFaults({ delayMs: 40, times: 1 })
    const started = performance.now()
    const { status } = await client.listExecutions()
    expect(status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(35)
  })

  it('is cleared by DELETE and by reset', async () => {
    await addFaults({ status: 500 })
    await client.control('DELETE', '/faults')
    expect((await client.listExecutions()).status).toBe(200)
    await addFaults({ status: 500 })
    await client.control('POST', '/reset')
    expect((await client.listExecutions()).status).toBe(200)
  })

  it('rejects invalid rules with 400', async () => {
    const response = await addFaults({ operation: 'delete_everything' })
    expect(response.status).toBe(400)
    expect((response.json as ErrorJson).error.message).toMatch(/^rules\[0\]\.operation:/)
  })

  it('faults still need the bearer token', async () => {
    await addFaults({ status: 500 })
    expect((await client.listExecutions({}, { token: 'wrong' })).status).toBe(401)
  })
})

describe('X-Demo-Fault header', () => {
  it('applies a rule to one request', async () => {
    const headers = { 'x-demo-fault': JSON.stringify({ status: 504, retryAfter: 1 }) }
    const response = await client.listExecutions(undefined, { headers })
    expect(response.status).toBe(504)
    expect(response.headers['retry-after']).toBe('1')
    expect((await client.listExecutions()).status).toBe(200)
  })

  it('rejects a header that is not a valid rule', async () => {
    const response = await client.listExecutions(undefined, { headers: { 'x-demo-fault': '{"status":"x"}' } })
    expect(response.status).toBe(400)
    expect((response.json as unknown as ErrorJson).error.message).toMatch(/^X-Demo-Fault: status/)
  })
})

describe('request stats', () => {
  it('counts requests that reached each operation, refused ones included', async () => {
    await addFaults({ operation: 'list_attempts', status: 500, times: 1 })
    await client.listExecutions()
    await client.listExecutions({ page: { first: 1000 } })
    await client.listAttempts('exec-locked')
    await client.listAttempts('missing')
    await client.reschedule('exec-locked', { schedule_for: true })
    await client.listExecutions({}, { token: null })
    await client.send('/v2/executions', { method: 'DELETE' })
    expect(await stats()).toEqual({ list_executions: 2, list_attempts: 2, reschedule: 1 })
  })

  it('counts a PATCH answered by an injected fault as sent but not applied', async () => {
    await addFaults({ operation: 'reschedule', status: 503, times: 1 })
    await client.reschedule('exec-000010', { schedule_for: true })
    await client.reschedule('exec-000010', { schedule_for: true })
    const { json } = await client.control('GET', '/stats')
    expect(json).toMatchObject({
      reschedules_by_id: { 'exec-000010': 2 },
      applied_by_id: { 'exec-000010': 1 },
    })
  })

  it('resets the counters', async () => {
    await client.listExecutions()
    const { json } = await client.control('POST', '/stats/reset')
    expect(json).toEqual({
      requests: { list_executions: 0, list_attempts: 0, reschedule: 0 },
      background_requests: { list_executions: 0, list_attempts: 0, reschedule: 0 },
      list_executions_by_lane: {},
      reschedules_by_id: {},
      applied_by_id: {},
    })
    expect(await stats()).toEqual({ list_executions: 0, list_attempts: 0, reschedule: 0 })
  })
})
