/*
 * The dashboard's own API, one line per route: its method, its path under /api and who may call it. The route
 * table (./table.ts) adds each route's schemas to these lines; the server's router is built from the table and the
 * browser calls routes by these names. This file holds no schema, so the first load can carry it.
 *
 * Roles, as Grafana's ReqRole: `anyone` needs no credentials (signing in, which APIs there are, this document);
 * `viewer` needs the caller's credentials (a session, or the server's token); `operator` also needs a user who may
 * act (DASHBOARD_VIEWERS and DASHBOARD_OPERATORS).
 */
export type Role = 'anyone' | 'viewer' | 'operator'
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export interface RouteAddress {
  method: RouteMethod
  /** Under /api; `{id}` is a path parameter. */
  path: string
  role: Role
  /** What the route answers with, when not JSON: a Server-Sent Events stream, or a file. */
  answers?: 'event-stream' | 'file'
  /** One of the upstream API's operations, relayed: its body and answer are the API's. */
  relays?: 'list_executions' | 'list_attempts' | 'reschedule'
}

export const API_PREFIX = '/api'

export const ROUTES = {
  listExecutions: { method: 'GET', path: '/executions', role: 'viewer', relays: 'list_executions' },
  listAttempts: {
    method: 'GET',
    path: '/executions/{id}/attempts',
    role: 'viewer',
    relays: 'list_attempts',
  },
  reschedule: { method: 'PATCH', path: '/executions/{id}/schedule', role: 'operator', relays: 'reschedule' },
  session: { method: 'GET', path: '/session', role: 'anyone' },
  signIn: { method: 'POST', path: '/session', role: 'anyone' },
  signOut: { method: 'DELETE', path: '/session', role: 'anyone' },
  upstreams: { method: 'GET', path: '/upstreams', role: 'anyone' },
  openapi: { method: 'GET', path: '/openapi.json', role: 'anyone' },
  whoami: { method: 'GET', path: '/whoami', role: 'viewer' },
  links: { method: 'GET', path: '/links', role: 'viewer' },
  exportExecutions: { method: 'GET', path: '/export/executions', role: 'viewer', answers: 'file' },
  overview: { method: 'GET', path: '/overview', role: 'viewer' },
  indexList: { method: 'GET', path: '/index/executions', role: 'viewer' },
  indexExecution: { method: 'GET', path: '/index/execution', role: 'viewer' },
  idSet: { method: 'GET', path: '/executions/ids', role: 'operator' },
  live: { method: 'GET', path: '/live', role: 'viewer', answers: 'event-stream' },
  triage: { method: 'GET', path: '/triage', role: 'viewer' },
  acknowledge: { method: 'POST', path: '/triage/ack', role: 'operator' },
  undoAcknowledge: { method: 'POST', path: '/triage/undo', role: 'operator' },
  audit: { method: 'GET', path: '/audit', role: 'viewer' },
  bulkRunReport: { method: 'GET', path: '/audit/run', role: 'viewer' },
  digest: { method: 'GET', path: '/digest', role: 'viewer' },
  digestSeen: { method: 'POST', path: '/digest/seen', role: 'viewer' },
  watches: { method: 'GET', path: '/watches', role: 'viewer' },
  addWatch: { method: 'POST', path: '/watches', role: 'viewer' },
  stopWatch: { method: 'POST', path: '/watches/stop', role: 'viewer' },
  watchStream: { method: 'GET', path: '/watches/stream', role: 'viewer', answers: 'event-stream' },
} as const satisfies Record<string, RouteAddress>

export type RouteName = keyof typeof ROUTES

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[]
