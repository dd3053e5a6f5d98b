import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api'

const MAX_READ_RETRIES = 3

/** Reads retry transient failures (network, timeout, 5xx); client errors and bad payloads are final. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES || !isApiError(error)) return false
  if (error.kind === 'network' || error.kind === 'timeout') return true
  return error.kind === 'http' && error.status !== null && error.status >= 500
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      // A reschedule is not known to be idempotent: never send it twice on our own.
      mutations: { retry: false },
    },
  })
}
