import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { AppProviders } from '../app/AppProviders'
import { createCommandRegistry } from '../components/commands'
import { createClientStore, type ClientStore } from '../lib/clientStore'
import { createEarlyKeys } from '../lib/earlyKeys'

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
}

/**
 * Renders with the app's providers, a fresh QueryClient that never retries (failures show at once) and a
 * fresh client store over this test's localStorage, and an empty command registry.
 */
export function renderWithProviders(
  ui: ReactElement,
  queryClient = createTestQueryClient(),
  store: ClientStore = createClientStore(),
) {
  const commands = createCommandRegistry()
  const keys = createEarlyKeys()
  const clients = { queryClient, store, commands, keys }
  // As a wrapper, so a rerender keeps the providers (and their state).
  const view = render(ui, {
    wrapper: ({ children }) => <AppProviders clients={clients}>{children}</AppProviders>,
  })
  return { ...view, queryClient, store, commands, keys }
}
