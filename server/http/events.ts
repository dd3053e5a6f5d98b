export type RouteName =
  | 'list_executions'
  | 'list_attempts'
  | 'reschedule'
  | 'session'
  | 'export'
  | 'overview'
  | 'live'
  | 'audit'
  | 'whoami'
  | 'triage'
  | 'links'
  | 'openapi'
  | 'upstreams'
  | 'watch'
  | 'refused'

/** One finished request, for logs and metrics: never headers, bodies, cookies or tokens. */
export interface ProxyEvent {
  requestId: string
  method: string
  route: RouteName
  status: number
  durationMs: number
  upstreamStatus?: number
  upstreamMs?: number
  /** An error code or what went wrong, e.g. upstream_timeout, session_expired. */
  detail?: string
}
