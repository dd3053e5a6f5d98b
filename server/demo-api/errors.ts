const CODES_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
}

export function codeForStatus(status: number): string {
  return CODES_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'client_error')
}

export function errorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } }
}

export class ApiError extends Error {
  readonly code: string

  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.code = codeForStatus(status)
  }
}

/** Our own errors as they are; anything else is a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  console.error('demo-api: unexpected error', error)
  return new ApiError(500, 'Unexpected server error')
}

export function methodNotAllowed(method: string, allowed: readonly string[]): ApiError {
  return new ApiError(405, `Method ${method} is not allowed here; use ${allowed.join(', ')}`, {
    Allow: allowed.join(', '),
  })
}
