import { vi } from 'vitest'

/** One call as the API (behind the dashboard's proxy) sees it: the real method, the path after /api, the JSON body. */
export interface FakeApiRequest {
  method: string
  /** Raw (still percent-encoded) path after `/api`, e.g. `/executions/job%2F1/schedule`. */
  path: string
  body: unknown
}

export interface FakeApiAnswer {
  status: number
  /** A string is sent as it is; anything else as JSON. Omit for an empty body (204). */
  body?: unknown
  headers?: Record<string, string>
}

/** A small in-process API written from one reading of the spec. */
export type FakeApi = (request: FakeApiRequest) => FakeApiAnswer | Promise<FakeApiAnswer>

export interface InstalledFakeApi {
  /** Every call the dashboard made, in order. */
  requests: FakeApiRequest[]
  restore: () => void
}

function toResponse(answer: FakeApiAnswer): Response {
  const headers = new Headers(answer.headers)
  let text: string | null = null
  if (answer.body !== undefined) {
    text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    if (!headers.has('Content-Type') && typeof answer.body !== 'string') {
      headers.set('Content-Type', 'application/json')
    }
  }
  const bodyless = answer.status === 204 || answer.status === 205 || answer.status === 304
  return new Response(bodyless ? null : text, { status: answer.status, headers })
}

/**
 * Replaces `fetch` with a fake API, undoing the browser's method override as the dashboard's proxy does,
 * so contract tests drive the real transport, schemas and cache code against one reading of the spec.
 */
export function installFakeApi(api: FakeApi): InstalledFakeApi {
  const requests: FakeApiRequest[] = []
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    // Not through URL: it would turn an id's %2E%2E into a walking `..`, which the proxy never does.
    const raw = String(input instanceof Request ? input.url : input).replace(/^https?:\/\/[^/]+/, '')
    const pathname = raw.split(/[?#]/)[0] ?? ''
    if (!pathname.startsWith('/api/')) throw new Error(`fake API: unexpected URL ${raw}`)
    const headers = new Headers(init.headers)
    const override = headers.get('X-HTTP-Method-Override')
    const method =
      (init.method ?? 'GET').toUpperCase() === 'POST' && override
        ? override.toUpperCase()
        : (init.method ?? 'GET').toUpperCase()
    const rawBody = typeof init.body === 'string' ? init.body : ''
    const request: FakeApiRequest = {
      method,
      path: pathname.slice('/api'.length),
      body: rawBody === '' ? undefined : (JSON.parse(rawBody) as unknown),
    }
    requests.push(request)
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
    return toResponse(await api(request))
  }
  vi.stubGlobal('fetch', vi.fn(fake))
  return { requests, restore: () => vi.unstubAllGlobals() }
}

/** A page envelope as the spec shows it. */
export function specPage<T>(data: T[], hasNext = false, endCursor: string | null = null) {
  return {
    data,
    page_info: {
      has_next_page: hasNext,
      has_prev_page: false,
      start_cursor: data.length > 0 ? 'start' : null,
      end_cursor: endCursor ?? (data.length > 0 ? 'end' : null),
    },
  }
}
