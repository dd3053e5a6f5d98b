import { createCommandRegistry, type CommandRegistry } from '../components/commands'
import { hashKey, QueryClient } from '@tanstack/react-query'
import { upstreamOfPath } from '../../shared/upstreams'
import { MAX_READ_RETRIES, readRetryDelay, shouldRetryRead } from '../api/retryPolicy'
import { createClientStore, type ClientStore } from '../lib/clientStore'
import { createEarlyKeys, type EarlyKeys } from '../lib/earlyKeys'
import { holdUntilFirstScreen } from '../api/firstScreen'

export { MAX_READ_RETRIES, readRetryDelay, shouldRetryRead }

export function createQueryClient(): QueryClient {
  // Several APIs in one dashboard: every query's cache entry names the page's API, so none is ever another's.
  const upstream = typeof window === 'undefined' ? null : upstreamOfPath(window.location.pathname)
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryKeyHashFn: (queryKey) => hashKey([upstream, ...queryKey]),
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      // A reschedule is not known to be idempotent: never send it twice on our own.
      mutations: { retry: false },
    },
  })
  holdUntilFirstScreen(client)
  return client
}

/** The app's two homes of state, made together: server state (the query cache) and the browser's own. */
export interface DashboardClients {
  queryClient: QueryClient
  store: ClientStore
  /** What the command palette offers: the commands of the parts mounted now. */
  commands: CommandRegistry
  /** The page's keys pressed before their handlers loaded (lib/earlyKeys). */
  keys: EarlyKeys
}

export function createDashboardClients(): DashboardClients {
  return {
    queryClient: createQueryClient(),
    store: createClientStore(),
    commands: createCommandRegistry(),
    keys: createEarlyKeys(),
  }
}
