import { QueryClient } from '@tanstack/react-query'
import { MAX_READ_RETRIES, readRetryDelay, shouldRetryRead } from '../api/retryPolicy'

export { MAX_READ_RETRIES, readRetryDelay, shouldRetryRead }

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
