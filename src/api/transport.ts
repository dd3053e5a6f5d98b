import { codeFromBody, messageFromBody } from '../../shared/errorBody'
import { DASHBOARD_ERROR_HEADER } from '../../shared/errorSignals'
import { describeProblem } from '../../shared/listAnswer'
import { parseRetryAfter } from '../../shared/retryAfter'
import { ApiError } from './apiError'
import { apiBaseFor, upstreamOfPath } from '../../shared/upstreams'
import type { ReadResult } from '../../shared/readResult'

/** The dashboard server's API for the page's upstream: /api, or /api/u/<name> on a page at /u/<name>/. */
export const apiBase = (): string =>
  apiBaseFor(typeof window === 'undefined' ? null : upstreamOfPath(window.location.pathname))
export const DEFAULT_TIMEOUT_MS = 15_000

/** Reads an answer's payload: the value, or what in it could not be used. */
export type AnswerReader<T> = (payload: unknown) => ReadResult<T>

/** Takes any payload as it came (a reschedule's 2xx, whatever its body). */
export const anyAnswer: AnswerReader<unknown> = (payload) => ({ ok: true, value: payload })

export interface ApiRequest<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  read: AnswerReader<T>
  signal?: AbortSignal
  timeoutMs?: number
  /** Headers of the dashboard's own (a bulk run's id); never credentials. */
  headers?: Record<string, string>
  /** Outlives the page (a last word as the tab is hidden or closed). */
  keepalive?: boolean
}

/**
 * Browsers cannot send a GET with a body, so a GET that has one leaves as a POST with
 * X-HTTP-Method-Override; the dashboard's server turns it back into a GET upstream.
 */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  return (await apiExchange(request)).data
}

/** Like apiRequest, but keeps the 2xx status and the headers too: 200, 202 and 204 can mean different things. */
export async function apiExchange<T>(
  request: ApiRequest<T>,
): Promise<{ status: number; data: T; headers: Headers }> {
  const { method, path, body, read, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = request
  const headers: Record<string, string> = { ...request.headers, Accept: 'application/json' }
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
    response = await fetch(`${apiBase()}${path}`, {
      method: wireMethod,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
      credentials: 'same-origin',
      keepalive: request.keepalive,
    })
    text = await response.text()
  } catch (error) {
    throw failureOf(error, signal, timeout.signal, timeoutMs)
  } finally {
    clearTimeout(timer)
  }

  const payload = parseBody(text, response.headers.get('content-type'))
  if (!response.ok) throw httpError(response, payload)
  return { status: response.status, data: readAnswer(read, payload), headers: response.headers }
}

export function failureOf(
  error: unknown,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
  timeoutMs: number,
) {
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

export function parseBody(text: string, contentType: string | null): unknown {
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

export function httpError(response: Response, payload: unknown): ApiError {
  const statusLine = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  const fromDashboard = response.headers.get(DASHBOARD_ERROR_HEADER) === '1'
  return new ApiError({
    kind: 'http',
    status: response.status,
    code: codeFromBody(payload),
    message: messageFromBody(payload) ?? statusLine,
    body: payload,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    origin: fromDashboard ? 'dashboard' : 'api',
    // The dashboard's server names every /api answer it sends (X-Request-Id); a 502 without it is a proxy's.
    throughDashboard: fromDashboard || response.headers.has('x-request-id'),
  })
}

/** The payload as `read` takes it, or an ApiError that names the first field it could not use. */
export function readAnswer<T>(read: AnswerReader<T>, payload: unknown): T {
  const result = read(payload)
  if (result.ok) return result.value
  const problem = result.problems[0] ?? { path: '', message: 'invalid value' }
  const fieldPath = problem.path || '(root)'
  throw new ApiError({
    kind: 'schema',
    message: `The API sent an unexpected response: ${describeProblem({ ...problem, path: fieldPath })}`,
    fieldPath,
    body: payload,
  })
}
