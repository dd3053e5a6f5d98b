import { API_PREFIX, ROUTE_NAMES, ROUTES, type RouteName } from '../../shared/api/routes.ts'
import { ROUTE_TABLE, type RouteDefinition } from '../../shared/api/table.ts'
import { rawRequest, type RawResponse } from './httpTestKit.ts'
import { openSse } from './sseClient.ts'

/*
 * Every route of the table as a test calls it: from its line (method, path) and, where its defaults are not
 * enough for an answer, an example. A route declared in shared/api is called by the security tests at once.
 */
export interface RouteExample {
  id?: string
  search?: string
  body?: string
}

/** The values a route needs beyond its defaults to answer (anything not here is called with none). */
export const EXAMPLES: Partial<Record<RouteName, RouteExample>> = {
  listExecutions: { body: '{"page":{"first":5}}' },
  listAttempts: { body: '{"page":{"first":5}}' },
  reschedule: { body: '{"schedule_for":true}' },
  indexExecution: { search: 'id=exec-000001' },
  idSet: { search: 'state=failed&max=5' },
  bulkRunReport: { search: 'bulk=no-such-run' },
  live: { search: 'state=failed&every=10&initial=0' },
  acknowledge: { search: 'state=failed&id=key:x', body: '{"note":"n"}' },
  undoAcknowledge: { body: '{"run":"00000000-0000-0000-0000-000000000000"}' },
  addWatch: { body: '{"kind":"execution","executionId":"exec-000001"}' },
  stopWatch: { body: '{"id":"w1"}' },
  exportExecutions: { search: 'state=failed&format=ndjson' },
  audit: { search: 'size=5' },
}

export const routesOf = (pick: (name: RouteName) => boolean) => ROUTE_NAMES.filter(pick)

/** The request a route is called with: its method (a GET with a body leaves as a POST with the override). */
export function requestFor(name: RouteName, example: RouteExample = EXAMPLES[name] ?? {}) {
  const route = ROUTES[name]
  const path = route.path.replace('{id}', encodeURIComponent(example.id ?? 'exec-000001'))
  const search = example.search ?? ''
  const body = example.body ?? (route.method === 'GET' ? undefined : '{}')
  const overridden = route.method === 'GET' && body !== undefined
  return {
    url: `${API_PREFIX}${path}${search ? `?${search}` : ''}`,
    method: overridden ? 'POST' : route.method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(overridden ? { 'X-HTTP-Method-Override': 'GET' } : {}),
    },
    body,
  }
}

/** A route's answer when it is expected to be a refusal (which ends at once, a stream's too). */
export function refusalOf(
  base: string,
  name: RouteName,
  headers: Record<string, string> = {},
  example?: RouteExample,
): Promise<RawResponse> {
  const request = requestFor(name, example)
  return rawRequest(`${base}${request.url}`, {
    method: request.method,
    headers: { ...request.headers, ...headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  })
}

/**
 * Calls a route at `base` and gives its answer: a stream's status and what it sent in its first moments (then it
 * is closed), any other answer whole.
 */
export async function callRoute(
  base: string,
  name: RouteName,
  headers: Record<string, string> = {},
  example?: RouteExample,
): Promise<RawResponse> {
  const route: RouteDefinition = ROUTE_TABLE[name]
  if (route.answers !== 'event-stream') return refusalOf(base, name, headers, example)
  const stream = await openSse(`${base}${requestFor(name, example).url}`, headers)
  if (stream.status === 200) await stream.next(() => true, 5_000).catch(() => null)
  stream.close()
  return { status: stream.status, headers: {}, body: JSON.stringify(stream.events) }
}
