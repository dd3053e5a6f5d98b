import type { IncomingHttpHeaders } from 'node:http'
import { rawRequest } from '../testing/httpTestKit.ts'
import { startDemoApi } from './index.ts'
import type { DemoApiOptions, RunningDemoApi } from './index.ts'
import type { AttemptJson, ExecutionJson } from './model.ts'
import type { ExecutionResponse, ListResponse } from './operations.ts'

export const FIXED_NOW = Date.parse('2026-03-02T12:00:00.000Z')

export interface HttpResult<T = unknown> {
  status: number
  headers: IncomingHttpHeaders
  text: string
  /** Parsed body, or undefined when it is not JSON. */
  json: T
}

export interface SendOptions {
  method?: string
  /** null sends no Authorization header. */
  token?: string | null
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown
  /** Sent as is; set the content type through `headers`. */
  body?: string
  headers?: Record<string, string>
}

/** Node's fetch refuses GET with a body: the one GET-with-body client of the tests does the request. */
export async function sendRequest<T = unknown>(
  url: string,
  options: SendOptions = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let payload = options.body
  if (options.json !== undefined) {
    payload = JSON.stringify(options.json)
    headers['content-type'] = 'application/json'
  }
  Object.assign(headers, options.headers)
  const response = await rawRequest(url, { method: options.method ?? 'GET', headers, body: payload })
  let json: unknown
  try {
    json = JSON.parse(response.body)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text: response.body, json: json as T }
}

export interface ErrorJson {
  error: { code: string; message: string }
}

export class DemoClient {
  constructor(readonly api: RunningDemoApi) {}

  send<T = unknown>(pathFromOrigin: string, options: SendOptions = {}): Promise<HttpResult<T>> {
    return sendRequest<T>(`${this.api.origin}${pathFromOrigin}`, { token: this.api.token, ...options })
  }

  listExecutions(
    json?: unknown,
    options: SendOptions = {},
  ): Promise<HttpResult<ListResponse<ExecutionJson>>> {
    return sendRequest(`${this.api.url}/executions`, { token: this.api.token, json, ...options })
  }

  listAttempts(
    id: string,
    json?: unknown,
    options: SendOptions = {},
  ): Promise<HttpResult<ListResponse<AttemptJson>>> {
    const url = `${this.api.url}/executions/${encodeURIComponent(id)}/attempts`
    return sendRequest(url, { token: this.api.token, json, ...options })
  }

  reschedule(id: string, json?: unknown, options: SendOptions = {}): Promise<HttpResult<ExecutionResponse>> {
    const url = `${this.api.url}/executions/${encodeURIComponent(id)}/schedule`
    return sendRequest(url, { method: 'PATCH', token: this.api.token, json, ...options })
  }

  control<T = unknown>(method: string, path: string, json?: unknown): Promise<HttpResult<T>> {
    return this.send<T>(`/__demo${path}`, { method, json })
  }

  /** Every execution, walking forward with the largest page. */
  async allExecutions(filters?: unknown): Promise<ExecutionJson[]> {
    const items: ExecutionJson[] = []
    let after: string | null = null
    for (;;) {
      const { json } = await this.listExecutions({ page: { first: 100, after }, filters })
      items.push(...json.data)
      if (!json.page_info.has_next_page) return items
      after = json.page_info.end_cursor
    }
  }
}

/** A settable clock starting at FIXED_NOW. */
export function createClock(start = FIXED_NOW): { now: () => number; advance(ms: number): void } {
  let current = start
  return {
    now: () => current,
    advance: (ms) => {
      current += ms
    },
  }
}

/** A frozen demo API on a free port with a fixed clock. */
export async function startTestApi(
  options: DemoApiOptions = {},
): Promise<{ api: RunningDemoApi; client: DemoClient }> {
  const api = await startDemoApi({ simulate: false, now: () => FIXED_NOW, ...options })
  return { api, client: new DemoClient(api) }
}
