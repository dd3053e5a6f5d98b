import { isApiError } from './apiError'

export const MAX_READ_RETRIES = 3
/** Retry-After is honoured as given up to this cap. */
export const MAX_RETRY_AFTER_MS = 60_000

/** Reads retry transient failures (network, timeout, 429, 5xx); other client errors and bad payloads are final. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES || !isApiError(error)) return false
  if (error.kind === 'network' || error.kind === 'timeout') return true
  return error.kind === 'http' && error.status !== null && (error.status === 429 || error.status >= 500)
}

/**
 * The wait before retry number `failureCount + 1` (TanStack Query counts from 0): Retry-After when the
 * API sent one (capped at a minute), else 1 s, 2 s, 4 s.
 */
export function readRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== null) {
    return Math.min(error.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS)
  }
  return 1000 * 2 ** Math.min(Math.max(failureCount, 0), 3)
}
