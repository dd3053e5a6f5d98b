import type { z } from 'zod/mini'
import { codeFromBody, messageFromBody } from '../shared/errorBody'
import { parseRetryAfter } from '../shared/retryAfter'
import { ApiError } from './apiError'

export const API_BASE = '/api'
export const DEFAULT_TIMEOUT_MS = 15_000

export interface ApiRequest<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  schema: z.ZodMiniType<T>
  signal?: AbortSignal
  timeoutMs?: number
}

/**
 * Browsers cannot send a GET with a body, so a GET that has one leaves as a POST with
 * X-HTTP-Method-Override; the dashboard's server turns it back into a GET upstream.
 */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  return (await apiExchange(request)).data
}

/** Like apiRequest, but keeps the 2xx status too: 200, 202 and 204 can mean different things. */
export async function apiExchange<T>(request: ApiRequest<T>): Promise<{ status: number; data: T }> {
  const { method, path, body, schema, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = request
  const headers: Record<string, string> = { Accept: 'application/json' }
  let wireMethod: string = method
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    if (method === 'GET') {
      wireMethod = 'POST'
      headers['X-HTTP-Method-Override'] = 'GET'
    }
  }

  // A caller that already gave up (a superseded filter change) sends nothing at all.
  signal?.throwIfAborted()
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), timeoutMs)
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal

  let response: Response
  let text: string
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: wireMethod,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
      credentials: 'same-origin',
    })
    text = await response.text()
  } catch (error) {
    throw failureOf(error, signal, timeout.signal, timeoutMs)
  } finally {
    clearTimeout(timer)
  }

  const payload = parseBody(text, response.headers.get('content-type'))
  if (!response.ok) throw httpError(response, payload)
  return { status: response.status, data: parseWithSchema(schema, payload) }
}

/**
 * A download that streams (an export): the timeout covers only the wait for the answer to start, and a
 * refusal throws the same ApiError as every other call. The caller reads `body` and may abort through `signal`.
 */
export async function apiStream(
  path: string,
  signal: AbortSignal,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Response> {
  signal.throwIfAborted()
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), timeoutMs)
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      signal: AbortSignal.any([signal, timeout.signal]),
      credentials: 'same-origin',
    })
  } catch (error) {
    throw failureOf(error, signal, timeout.signal, timeoutMs)
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) {
    throw httpError(response, parseBody(await response.text(), response.headers.get('content-type')))
  }
  return response
}

function failureOf(error: unknown, signal: AbortSignal | undefined, timeout: AbortSignal, timeoutMs: number) {
  if (signal?.aborted) return (signal.reason as unknown) ?? error
  if (timeout.aborted) {
    return new ApiError({
      kind: 'timeout',
      message: `The API did not answer within ${Math.round(timeoutMs / 1000)} s.`,
    })
  }
  return new ApiError({
    kind: 'network',
    message: 'The dashboard server cannot be reached. Check your connection.',
  })
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return null
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

function httpError(response: Response, payload: unknown): ApiError {
  const statusLine = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  return new ApiError({
    kind: 'http',
    status: response.status,
    code: codeFromBody(payload),
    message: messageFromBody(payload) ?? statusLine,
    body: payload,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    origin: response.headers.get('X-Dashboard-Error') === '1' ? 'dashboard' : 'api',
  })
}

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`
    const name = String(segment)
    return text === '' ? name : `${text}.${name}`
  }, '')
}

export function parseWithSchema<T>(schema: z.ZodMiniType<T>, payload: unknown): T {
  const result = schema.safeParse(payload)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const fieldPath = issue ? formatIssuePath(issue.path) || '(root)' : '(root)'
  throw new ApiError({
    kind: 'schema',
    message: `The API sent an unexpected response: ${fieldPath}: ${issue?.message ?? 'invalid value'}`,
    fieldPath,
    body: payload,
  })
}
