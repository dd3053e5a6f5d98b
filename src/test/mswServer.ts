import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

/**
 * Who the server says the user is: an operator by default (a test that needs a viewer overrides it); an empty
 * audit trail; and an
 * overview the server cannot give (its index off), for tests of other parts that render the whole dashboard.
 */
const defaultHandlers = [
  http.get('*/api/overview', () =>
    HttpResponse.json(
      { error: { code: 'index_unavailable', message: 'The execution index is turned off.' } },
      { status: 503 },
    ),
  ),
  // The failure groups' count in the overview's head, the lookup of one id, the digest, watches: the index is off here too.
  ...['*/api/triage', '*/api/index/execution', '*/api/digest', '*/api/watches'].map((path) =>
    http.get(path, () =>
      HttpResponse.json(
        { error: { code: 'index_unavailable', message: 'The execution index is turned off.' } },
        { status: 503 },
      ),
    ),
  ),
  // One API (no EXEC_API_UPSTREAMS): no label in the header.
  http.get('*/api/upstreams', () => HttpResponse.json({ upstreams: [], defaultName: null })),
  // The trail's last hour, which the rows read once for the list: nobody rescheduled anything.
  http.get('*/api/audit', () =>
    HttpResponse.json({ data: [], page_info: { has_next_page: false, end_cursor: null } }),
  ),
  // No log or trace links configured (DASHBOARD_LINKS).
  http.get('*/api/links', () => HttpResponse.json({ links: [], marginMs: 300_000 })),
  http.get('*/api/whoami', () =>
    HttpResponse.json({
      user: 'server token (127.0.0.1)',
      via: 'server token',
      role: 'operator',
      refusal: null,
      audited: true,
    }),
  ),
]

/** One MSW server for container tests; any request without a handler fails the test. */
export const mswServer = setupServer(...defaultHandlers)

export function setUpMswServer(): void {
  beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => mswServer.resetHandlers())
  afterAll(() => mswServer.close())
}
