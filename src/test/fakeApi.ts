import { http, HttpResponse } from 'msw'
import { mswServer } from './mswServer'

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
  const bodyless = answer.status === 204 || answer.status === 205 || answer.status === 304
  if (answer.body === undefined || bodyless) return new HttpResponse(null, { status: answer.status, headers })
  if (typeof answer.body === 'string')
    return new HttpResponse(answer.body, { status: answer.status, headers })
  return HttpResponse.json(answer.body, { status: answer.status, headers })
}

/**
 * Puts a fake API behind the app's `/api` on the test's MSW server (call setUpMswServer() in the file),
 * undoing the browser's method override as the dashboard's proxy does, so contract tests drive the real
 * transport, readers and cache code against one reading of the spec.
 */
export function installFakeApi(api: FakeApi): InstalledFakeApi {
  const requests: FakeApiRequest[] = []
  mswServer.use(
    // A predicate, not a path pattern: a pattern decodes the path, which `%2E%2E%` (the id `..`) is not.
    http.all(
      ({ request }) => /^https?:\/\/[^/]+\/api\//.test(request.url),
      async ({ request }) => {
        // Not through URL: it would turn an id's %2E%2E into a walking `..`, which the proxy never does.
        const raw = request.url.replace(/^https?:\/\/[^/]+/, '')
        const pathname = raw.split(/[?#]/)[0] ?? ''
        const override = request.headers.get('X-HTTP-Method-Override')
        const method = request.method === 'POST' && override ? override.toUpperCase() : request.method
        const text = await request.text()
        const call: FakeApiRequest = {
          method,
          path: pathname.slice('/api'.length),
          body: text === '' ? undefined : (JSON.parse(text) as unknown),
        }
        requests.push(call)
        return toResponse(await api(call))
      },
    ),
  )
  return { requests, restore: () => mswServer.resetHandlers() }
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
