import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './apiError'
import { rescheduleExecution, listExecutions } from './executions'
import { listAttempts } from './attempts'
import { listEnvelopeSchema as executionListSchema } from './schemas'
import { apiRequest } from './transport'

const execution = {
  id: 'exec-1',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
}
const emptyPageInfo = { has_next_page: false, has_prev_page: false, start_cursor: null, end_cursor: null }

const fetchMock = vi.fn<typeof fetch>()

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1)
  if (!call) throw new Error('fetch was not called')
  return { url: call[0] as string, init: call[1] ?? {} }
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('a caller signal', () => {
  it('that is already aborted sends no request at all', async () => {
    const controller = new AbortController()
    controller.abort(new DOMException('superseded', 'AbortError'))
    await expect(
      apiRequest({
        method: 'GET',
        path: '/executions',
        schema: executionListSchema,
        signal: controller.signal,
      }),
    ).rejects.toThrow('superseded')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('who answered with an error', () => {
  it('marks errors the dashboard server made by its header', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        404,
        { error: { code: 'not_found', message: 'No such API operation.' } },
        { 'X-Dashboard-Error': '1' },
      ),
    )
    expect((await captureError(rescheduleExecution('x'))).origin).toBe('dashboard')
    fetchMock.mockResolvedValue(jsonResponse(404, { message: 'unknown execution' }))
    expect((await captureError(rescheduleExecution('x'))).origin).toBe('api')
  })
})

describe('list operations', () => {
  it('send a POST with the GET override and the JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [execution], page_info: emptyPageInfo }))
    const page = await listExecutions({ first: 20, after: 'abc', states: ['failed'] })
    const { url, init } = lastCall()
    expect(url).toBe('/api/executions')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({
      'X-HTTP-Method-Override': 'GET',
      'Content-Type': 'application/json',
    })
    expect(JSON.parse(init.body as string)).toEqual({
      page: { first: 20, after: 'abc' },
      filters: { states: ['failed'] },
    })
    expect(page.data[0]?.id).toBe('exec-1')
  })

  it('encode the execution id as one path segment', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [], page_info: emptyPageInfo }))
    await listAttempts('job/2026 #1', { first: 10 })
    expect(lastCall().url).toBe('/api/executions/job%2F2026%20%231/attempts')
  })
})

describe('rescheduleExecution', () => {
  it('sends PATCH with schedule_for true and returns the execution', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { ...execution, id: 'a/b', state: 'created' } }))
    const result = await rescheduleExecution('a/b')
    const { url, init } = lastCall()
    expect(url).toBe('/api/executions/a%2Fb/schedule')
    expect(init.method).toBe('PATCH')
    expect(init.headers).not.toHaveProperty('X-HTTP-Method-Override')
    expect(JSON.parse(init.body as string)).toEqual({ schedule_for: true })
    expect(result).toMatchObject({ kind: 'applied', status: 200, execution: { state: 'created' } })
  })
})

describe('errors', () => {
  it('keep status, code, message and body of an HTTP error', async () => {
    const body = { error: { code: 'conflict', message: 'Execution is locked' } }
    fetchMock.mockResolvedValue(jsonResponse(409, body))
    const error = await captureError(rescheduleExecution('x'))
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'conflict',
      message: 'Execution is locked',
    })
    expect(error.body).toEqual(body)
  })

  it('read a readable message from an HTML gateway page', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html><title>502 Bad Gateway</title><body>nginx</body></html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    )
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error).toMatchObject({ kind: 'http', status: 502, message: '502 Bad Gateway' })
  })

  it('fall back to the status line for an empty body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 503, statusText: 'Service Unavailable' }))
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error.message).toBe('HTTP 503 Service Unavailable')
  })

  it('read Retry-After', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'slow down' }, { 'Retry-After': '3' }))
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 3, message: 'slow down' })
  })

  it('name the field path when the envelope breaks the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { items: [execution] }, page_info: emptyPageInfo }))
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error.kind).toBe('schema')
    expect(error.fieldPath).toBe('data')
    expect(error.message).toContain('data')
  })

  it('keep the good rows and report a bad one by its id and field', async () => {
    const broken = {
      data: [execution, { ...execution, id: 'bad', created_at: 'yesterday' }],
      page_info: emptyPageInfo,
    }
    fetchMock.mockResolvedValue(jsonResponse(200, broken))
    const page = await listExecutions({ first: 20 })
    expect(page.data).toEqual([execution])
    expect(page.rejected).toEqual([
      {
        index: 1,
        id: 'bad',
        problems: [expect.stringMatching(/^created_at: not an RFC 3339 timestamp/) as string],
      },
    ])
  })

  it('treat a non-JSON 200 as a schema error at the root', async () => {
    fetchMock.mockResolvedValue(
      new Response('hello', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
    )
    const error = await captureError(
      apiRequest({ method: 'GET', path: '/executions', schema: executionListSchema }),
    )
    expect(error).toMatchObject({ kind: 'schema', fieldPath: '(root)' })
  })

  it('report a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error.kind).toBe('network')
  })

  it('time out through the abort signal', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const pending = captureError(
      apiRequest({
        method: 'GET',
        path: '/executions',
        body: {},
        schema: executionListSchema,
        timeoutMs: 2000,
      }),
    )
    await vi.advanceTimersByTimeAsync(2000)
    const error = await pending
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('2 s')
  })

  it('pass a caller abort through untouched', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const controller = new AbortController()
    const pending = listExecutions({ first: 20 }, { signal: controller.signal }).catch(
      (reason: unknown) => reason,
    )
    controller.abort(new DOMException('user navigated', 'AbortError'))
    const reason = await pending
    expect(reason).not.toBeInstanceOf(ApiError)
    expect((reason as DOMException).name).toBe('AbortError')
  })
})
