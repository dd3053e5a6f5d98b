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
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

const EXCERPT_LENGTH = 200

function stringAt(value: unknown, key: string): string | null {
  if (value === null || typeof value !== 'object') return null
  const field: unknown = (value as Record<string, unknown>)[key]
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : null
}

/** Reads the server's message from the common error shapes, most specific first. */
export function messageFromBody(body: unknown): string | null {
  if (typeof body === 'string') return textExcerpt(body)
  const nested: unknown =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['error'] : null
  const errors: unknown =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['errors'] : null
  const firstError: unknown = Array.isArray(errors) ? (errors as unknown[])[0] : null
  return (
    stringAt(body, 'message') ??
    stringAt(nested, 'message') ??
    stringAt(body, 'error_description') ??
    stringAt(firstError, 'message') ??
    stringAt(firstError, 'detail') ??
    stringAt(body, 'error') ??
    stringAt(body, 'detail') ??
    stringAt(body, 'title')
  )
}

export function codeFromBody(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null
  return stringAt(body, 'code') ?? stringAt((body as Record<string, unknown>)['error'], 'code')
}

/** A short readable excerpt; gateway HTML pages become their title or their text. */
export function textExcerpt(text: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim()
  const plain = (title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
  if (plain === '') return null
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1)}…` : plain
}

export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}
