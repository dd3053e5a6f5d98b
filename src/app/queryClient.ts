import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api'

export const MAX_READ_RETRIES = 3
const MAX_RETRY_AFTER_MS = 60_000

/** Reads retry transient failures (network, timeout, 429, 5xx); other client errors and bad payloads are final. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES || !isApiError(error)) return false
  if (error.kind === 'network' || error.kind === 'timeout') return true
  return error.kind === 'http' && error.status !== null && (error.status === 429 || error.status >= 500)
}

/** Waits as long as Retry-After asks (capped at a minute), else backs off 1 s, 2 s, 4 s. */
export function readRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== null) {
    return Math.min(error.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS)
  }
  return Math.min(1000 * 2 ** Math.max(failureCount - 1, 0), 8000)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      // A reschedule is not known to be idempotent: never send it twice on our own.
      mutations: { retry: false },
    },
  })
}
