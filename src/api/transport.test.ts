import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readListEnvelope } from '../../shared/listAnswer'
import { mswServer, setUpMswServer } from '../test/mswServer'
import { ApiError } from './apiError'
import { listAttempts } from './attempts'
import { listExecutions } from './executions'
import { rescheduleExecution } from './rescheduleCall'
import { apiStream } from './stream'
import { apiRequest } from './transport'

setUpMswServer()
afterEach(() => vi.useRealTimers())

const execution = {
  id: 'exec-1',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
}
const emptyPageInfo = { has_next_page: false, has_prev_page: false, start_cursor: null, end_cursor: null }

interface Seen {
  method: string
  path: string
  headers: Headers
  body: string
}

/** Answers every call to the dashboard's /api with `answer`, and records what arrived. */
function answerWith(answer: () => Response | Promise<Response>): Seen[] {
  const seen: Seen[] = []
  mswServer.use(
    http.all(
      ({ request }) => new URL(request.url).pathname.startsWith('/api/'),
      async ({ request }) => {
        seen.push({
          method: request.method,
          path: request.url.replace(/^https?:\/\/[^/]+/, ''),
          headers: request.headers,
          body: await request.text(),
        })
        return answer()
      },
    ),
  )
  return seen
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('a caller signal', () => {
  it('that is already aborted sends no request at all', async () => {
    const seen = answerWith(() => HttpResponse.json({ data: [] }))
    const controller = new AbortController()
    controller.abort(new DOMException('superseded', 'AbortError'))
    await expect(
      apiRequest({ method: 'GET', path: '/executions', read: readListEnvelope, signal: controller.signal }),
    ).rejects.toThrow('superseded')
    expect(seen).toEqual([])
  })

  it('passes a caller abort through untouched', async () => {
    answerWith(async () => {
      await delay('infinite')
      return HttpResponse.json({})
    })
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

describe('who answered with an error', () => {
  it('marks errors the dashboard server made by its header', async () => {
    answerWith(() =>
      HttpResponse.json(
        { error: { code: 'not_found', message: 'No such API operation.' } },
        { status: 404, headers: { 'X-Dashboard-Error': '1' } },
      ),
    )
    expect((await captureError(rescheduleExecution('x'))).origin).toBe('dashboard')
    answerWith(() => HttpResponse.json({ message: 'unknown execution' }, { status: 404 }))
    expect((await captureError(rescheduleExecution('x'))).origin).toBe('api')
  })
})

describe('list operations', () => {
  it('send a POST with the GET override and the JSON body', async () => {
    const seen = answerWith(() => HttpResponse.json({ data: [execution], page_info: emptyPageInfo }))
    const page = await listExecutions({ first: 20, after: 'abc', states: ['failed'] })
    const [call] = seen
    expect(call?.path).toBe('/api/executions')
    expect(call?.method).toBe('POST')
    expect(call?.headers.get('X-HTTP-Method-Override')).toBe('GET')
    expect(call?.headers.get('Content-Type')).toBe('application/json')
    expect(JSON.parse(call?.body ?? '')).toEqual({
      page: { first: 20, after: 'abc' },
      filters: { states: ['failed'] },
    })
    expect(page.data[0]?.id).toBe('exec-1')
  })

  it('encode the execution id as one path segment', async () => {
    const seen = answerWith(() => HttpResponse.json({ data: [], page_info: emptyPageInfo }))
    await listAttempts('job/2026 #1', { first: 10 })
    expect(seen[0]?.path).toBe('/api/executions/job%2F2026%20%231/attempts')
  })
})

describe('rescheduleExecution', () => {
  it('sends PATCH with schedule_for true and returns the execution', async () => {
    const seen = answerWith(() => HttpResponse.json({ data: { ...execution, id: 'a/b', state: 'created' } }))
    const result = await rescheduleExecution('a/b')
    const [call] = seen
    expect(call?.path).toBe('/api/executions/a%2Fb/schedule')
    expect(call?.method).toBe('PATCH')
    expect(call?.headers.has('X-HTTP-Method-Override')).toBe(false)
    expect(JSON.parse(call?.body ?? '')).toEqual({ schedule_for: true })
    expect(result).toMatchObject({ kind: 'applied', status: 200, execution: { state: 'created' } })
  })
})

describe('errors', () => {
  it('keep status, code, message and body of an HTTP error', async () => {
    const body = { error: { code: 'conflict', message: 'Execution is locked' } }
    answerWith(() => HttpResponse.json(body, { status: 409 }))
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
    answerWith(
      () =>
        new HttpResponse('<html><title>502 Bad Gateway</title><body>nginx</body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    )
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error).toMatchObject({ kind: 'http', status: 502, message: '502 Bad Gateway' })
  })

  it('fall back to the status line for an empty body', async () => {
    answerWith(() => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }))
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error.message).toBe('HTTP 503 Service Unavailable')
  })

  it('read Retry-After', async () => {
    answerWith(() =>
      HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'Retry-After': '3' } }),
    )
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 3, message: 'slow down' })
  })

  it('name the field path when the envelope has no array of rows', async () => {
    answerWith(() => HttpResponse.json({ data: { items: [execution] }, page_info: emptyPageInfo }))
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error.kind).toBe('schema')
    expect(error.fieldPath).toBe('data')
    expect(error.message).toMatch(/^The API sent an unexpected response: data: /)
  })

  it('keep the good rows and report a bad one by its id and field', async () => {
    answerWith(() =>
      HttpResponse.json({
        data: [execution, { ...execution, id: 'bad', created_at: 'yesterday' }, 'not a row'],
        page_info: emptyPageInfo,
      }),
    )
    const page = await listExecutions({ first: 20 })
    expect(page.data).toEqual([execution])
    expect(page.rejected).toEqual([
      {
        index: 1,
        id: 'bad',
        problems: [expect.stringMatching(/^created_at: not an RFC 3339 timestamp/) as string],
      },
      { index: 2, id: null, problems: ['row: expected an object, got string'] },
    ])
  })

  it('treat a non-JSON 200 as a schema error at the root', async () => {
    answerWith(() => new HttpResponse('hello', { status: 200, headers: { 'Content-Type': 'text/plain' } }))
    const error = await captureError(
      apiRequest({ method: 'GET', path: '/executions', read: readListEnvelope }),
    )
    expect(error).toMatchObject({ kind: 'schema', fieldPath: '(root)' })
  })

  it('keep unreadable JSON as text', async () => {
    answerWith(
      () => new HttpResponse('{oops', { status: 500, headers: { 'Content-Type': 'application/json' } }),
    )
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error).toMatchObject({ status: 500, body: '{oops', message: '{oops' })
  })

  it('report a network failure', async () => {
    answerWith(() => HttpResponse.error())
    const error = await captureError(listExecutions({ first: 20 }))
    expect(error.kind).toBe('network')
  })

  it('time out when no answer comes within the deadline', async () => {
    answerWith(async () => {
      await delay('infinite')
      return HttpResponse.json({})
    })
    const error = await captureError(
      apiRequest({ method: 'GET', path: '/executions', body: {}, read: readListEnvelope, timeoutMs: 20 }),
    )
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(/^The API did not answer within/)
  })
})

describe('a streamed download', () => {
  it('hands over the answer to read, and refuses like every other call', async () => {
    answerWith(() => new HttpResponse('id,state\r\n', { headers: { 'Content-Type': 'text/csv' } }))
    const response = await apiStream('/export/executions?format=csv', new AbortController().signal)
    expect(await response.text()).toBe('id,state\r\n')
    answerWith(() =>
      HttpResponse.json(
        { error: { code: 'export_in_progress', message: 'One export at a time.' } },
        { status: 429 },
      ),
    )
    const error = await captureError(apiStream('/export/executions', new AbortController().signal))
    expect(error).toMatchObject({ status: 429, code: 'export_in_progress' })
  })

  it('says when the dashboard server cannot be reached', async () => {
    answerWith(() => HttpResponse.error())
    const error = await captureError(apiStream('/export/executions', new AbortController().signal))
    expect(error.kind).toBe('network')
  })
})
