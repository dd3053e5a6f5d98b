import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoApp } from './index.ts'
import type { RunningDemoApi } from './index.ts'
import { sendRequest, startTestApi } from './testClient.ts'
import type { DemoClient, ErrorJson } from './testClient.ts'

let api: RunningDemoApi
let client: DemoClient

beforeAll(async () => {
  ;({ api, client } = await startTestApi())
})
afterAll(() => api.close())

async function expectError(
  response: Promise<{ status: number; json: unknown }>,
  status: number,
  code: string,
  message?: string | RegExp,
) {
  const { status: actual, json } = await response
  expect(actual).toBe(status)
  const { error } = json as ErrorJson
  expect(error.code).toBe(code)
  expect(typeof error.message).toBe('string')
  if (message !== undefined) expect(error.message).toMatch(message)
}

describe('startDemoApi', () => {
  it('reports base url, origin and token', () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/)
    expect(api.url.startsWith(api.origin)).toBe(true)
    expect(api.token).toBe('demo-token')
  })

  it('honours a custom base path and token', async () => {
    const custom = await startTestApi({ basePath: '/api/v2/', token: 'other', executionCount: 10 })
    try {
      expect(custom.api.url).toBe(`${custom.api.origin}/api/v2`)
      const { status, json } = await custom.client.listExecutions()
      expect(status).toBe(200)
      expect(json.data).toHaveLength(10)
    } finally {
      await custom.api.close()
    }
  })
})

describe('createDemoApp', () => {
  it('works mounted under a prefix of another server', async () => {
    const { app, stop } = createDemoApp({ simulate: false, executionCount: 10 })
    const server = createServer((req, res) => {
      req.url = req.url?.replace(/^\/demo(?=\/)/, '')
      app(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const id = encodeURIComponent('job/2026 #1')
      const url = `http://127.0.0.1:${port}/demo/v2/executions/${id}/attempts`
      const { status, json } = await sendRequest<{ data: unknown[] }>(url, { token: 'demo-token' })
      expect(status).toBe(200)
      expect(json.data).toHaveLength(3)
    } finally {
      stop()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('authentication', () => {
  it('rejects a missing token with 401', async () => {
    const response = client.listExecutions(undefined, { token: null })
    await expectError(response, 401, 'unauthorized', /Authorization/)
  })

  it('rejects a wrong token and a non-bearer scheme with 401', async () => {
    await expectError(client.listExecutions({}, { token: 'nope' }), 401, 'unauthorized', /Invalid/)
    const basic = client.listExecutions({}, { token: null, headers: { authorization: 'Basic ZGVtbw==' } })
    await expectError(basic, 401, 'unauthorized')
  })

  it('guards every operation and the control endpoints', async () => {
    await expectError(client.listAttempts('exec-000001', {}, { token: null }), 401, 'unauthorized')
    await expectError(
      client.reschedule('exec-000001', { schedule_for: true }, { token: null }),
      401,
      'unauthorized',
    )
    await expectError(sendRequest(`${api.origin}/__demo/stats`), 401, 'unauthorized')
  })

  it('leaves /__demo/health open', async () => {
    const { status, json } = await sendRequest(`${api.origin}/__demo/health`)
    expect(status).toBe(200)
    expect(json).toEqual({ ok: true })
  })
})

describe('request bodies', () => {
  it('parses the JSON body of a GET', async () => {
    const { status, json } = await client.listExecutions({ page: { first: 3 } })
    expect(status).toBe(200)
    expect(json.data).toHaveLength(3)
  })

  it('applies defaults when a list GET has no body at all', async () => {
    const { status, json } = await client.listExecutions()
    expect(status).toBe(200)
    expect(json.data).toHaveLength(20)
    expect(json.page_info.has_prev_page).toBe(false)
  })

  it('accepts an empty JSON body and a charset parameter', async () => {
    const empty = await client.listExecutions(undefined, { headers: { 'content-type': 'application/json' } })
    expect(empty.status).toBe(200)
    const withCharset = await client.listExecutions(undefined, {
      body: '{"page":{"first":2}}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(withCharset.status).toBe(200)
    expect(withCharset.json.data).toHaveLength(2)
  })

  it('answers 415 to a body that is not application/json', async () => {
    const text = client.listExecutions(undefined, { body: '{}', headers: { 'content-type': 'text/plain' } })
    await expectError(text, 415, 'unsupported_media_type', /application\/json/)
    const untyped = client.reschedule('exec-000001', undefined, { body: '{"schedule_for":true}' })
    await expectError(untyped, 415, 'unsupported_media_type')
  })

  it('answers 400 to malformed JSON', async () => {
    const response = client.listExecutions(undefined, {
      body: '{"page": {',
      headers: { 'content-type': 'application/json' },
    })
    await expectError(response, 400, 'bad_request', /Malformed JSON/)
  })
})

describe('validation', () => {
  it.each([
    [{ page: { first: 500 } }, 'page.first: must be at most 100'],
    [{ page: { first: 0 } }, 'page.first: must be at least 1'],
    [{ page: { first: 2.5 } }, 'page.first: must be an integer'],
    [{ page: { last: 101 } }, 'page.last: must be at most 100'],
    [{ page: { first: 5, last: 5 } }, 'page: first and last cannot be used together'],
    [{ page: { after: 'not-a-cursor' } }, 'page.after: is not a valid cursor'],
    [{ page: { before: 'WyJ4Il0' } }, 'page.before: is not a valid cursor'],
    [{ filters: { states: 'failed' } }, 'filters.states: must be an array of strings'],
    [
      { filters: { metadata: [{ key: 'env', values: [] }] } },
      'filters.metadata[0].values: must not be empty',
    ],
    [{ filters: { metadata: [{ values: ['x'] }] } }, 'filters.metadata[0].key: is required'],
    [[1, 2], 'body: must be a JSON object'],
  ])('rejects %j with "%s"', async (body, message) => {
    await expectError(client.listExecutions(body), 400, 'bad_request', message)
  })

  it('validates the attempts list body too', async () => {
    await expectError(
      client.listAttempts('exec-000001', { page: { first: 500 } }),
      400,
      'bad_request',
      'page.first',
    )
  })

  it.each([
    [undefined, 'schedule_for: is required'],
    [{}, 'schedule_for: is required'],
    [{ schedule_for: 'yes' }, 'schedule_for: must be a boolean'],
    [{ schedule_for: null }, 'schedule_for: must be a boolean'],
  ])('rejects reschedule body %j', async (body, message) => {
    await expectError(client.reschedule('exec-000001', body), 400, 'bad_request', message)
  })

  it('treats null page members as absent', async () => {
    const { status, json } = await client.listExecutions({
      page: { first: null, after: null },
      filters: null,
    })
    expect(status).toBe(200)
    expect(json.data).toHaveLength(20)
  })
})

describe('routing', () => {
  it('answers 404 for an unknown execution', async () => {
    await expectError(client.listAttempts('exec-999999'), 404, 'not_found', 'exec-999999')
    await expectError(client.reschedule('no such/id', { schedule_for: true }), 404, 'not_found', 'no such/id')
  })

  it('answers 404 JSON for unknown paths, inside and outside the base path', async () => {
    await expectError(client.send('/v2/nothing'), 404, 'not_found')
    await expectError(client.send('/v2/executions/exec-000001'), 404, 'not_found')
    await expectError(client.send('/v2/executions/exec-000001/attempts/extra'), 404, 'not_found')
    await expectError(client.send('/elsewhere'), 404, 'not_found')
    await expectError(client.send('/__demo/nothing'), 404, 'not_found')
  })

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const response = await client.send<ErrorJson>('/v2/executions', { method: 'POST', json: {} })
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('GET')
    expect(response.json.error.code).toBe('method_not_allowed')
    await expectError(client.send('/v2/executions/exec-000001/schedule'), 405, 'method_not_allowed')
    await expectError(client.send('/__demo/reset'), 405, 'method_not_allowed')
  })

  it('answers 400 to a broken percent-encoding in the id', async () => {
    await expectError(client.send('/v2/executions/%E0%A4%A/attempts'), 400, 'bad_request')
  })
})
