import { createCommandRegistry, type CommandRegistry } from '../components/commands'
import { QueryClient } from '@tanstack/react-query'
import { MAX_READ_RETRIES, readRetryDelay, shouldRetryRead } from '../api/retryPolicy'
import { createClientStore, type ClientStore } from '../lib/clientStore'

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

/** The app's two homes of state, made together: server state (the query cache) and the browser's own. */
export interface DashboardClients {
  queryClient: QueryClient
  store: ClientStore
  /** What the command palette offers: the commands of the parts mounted now. */
  commands: CommandRegistry
}

export function createDashboardClients(): DashboardClients {
  return { queryClient: createQueryClient(), store: createClientStore(), commands: createCommandRegistry() }
}
