import type { ErrorRequestHandler, RequestHandler } from 'express'

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

interface HttpErrorLike {
  status: number
  type?: string
  message: string
}

function isHttpErrorLike(error: unknown): error is HttpErrorLike {
  return error instanceof Error && typeof (error as Partial<HttpErrorLike>).status === 'number'
}

/** Maps our own errors and body-parser's http-errors to ApiError; anything else is a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isHttpErrorLike(error) && error.status >= 400 && error.status < 600) {
    const message =
      error.type === 'entity.parse.failed' ? `Malformed JSON body: ${error.message}` : error.message
    return new ApiError(error.status, message)
  }
  console.error('demo-api: unexpected error', error)
  return new ApiError(500, 'Unexpected server error')
}

export const handleErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const apiError = toApiError(error)
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.status(apiError.status).set(apiError.headers).json(errorBody(apiError.code, apiError.message))
}

export const notFound: RequestHandler = (req) => {
  throw new ApiError(404, `No route for ${req.method} ${req.path}`)
}

export function methodNotAllowed(method: string, allowed: readonly string[]): ApiError {
  return new ApiError(405, `Method ${method} is not allowed here; use ${allowed.join(', ')}`, {
    Allow: allowed.join(', '),
  })
}
