export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'schema'
/** Who answered with the error: the dashboard's own server (its proxy or session endpoint) or the API behind it. */
export type ApiErrorOrigin = 'dashboard' | 'api'

interface ApiErrorInit {
  kind: ApiErrorKind
  message: string
  status?: number | null
  code?: string | null
  body?: unknown
  fieldPath?: string | null
  retryAfterSeconds?: number | null
  origin?: ApiErrorOrigin
  /** False for an HTTP error that did not come through the dashboard's server: a proxy in front of it answered. */
  throughDashboard?: boolean
}

/** The one error type the transport throws; views branch on kind and status. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  readonly status: number | null
  readonly code: string | null
  readonly body: unknown
  readonly fieldPath: string | null
  readonly retryAfterSeconds: number | null
  readonly origin: ApiErrorOrigin
  readonly throughDashboard: boolean
  /** When the failure was seen (ms epoch), so a Retry-After countdown can start from it. */
  readonly occurredAt = Date.now()

  constructor(init: ApiErrorInit) {
    super(init.message)
    this.kind = init.kind
    this.status = init.status ?? null
    this.code = init.code ?? null
    this.body = init.body
    this.fieldPath = init.fieldPath ?? null
    this.retryAfterSeconds = init.retryAfterSeconds ?? null
    this.origin = init.origin ?? 'api'
    this.throughDashboard = init.throughDashboard ?? true
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
