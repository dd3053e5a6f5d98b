import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AnnouncerProvider } from '../components/Announcer'
import { CommandContext } from '../components/commands'
import { EarlyKeysContext } from '../lib/earlyKeys'
import { ClientStoreContext } from '../lib/useClientStore'
import type { DashboardClients } from './queryClient'

/** The query cache, the client store, the palette's commands and the live region, for everything below. */
export function AppProviders({ children, clients }: { children: ReactNode; clients: DashboardClients }) {
  return (
    <QueryClientProvider client={clients.queryClient}>
      <ClientStoreContext.Provider value={clients.store}>
        <CommandContext.Provider value={clients.commands}>
          <EarlyKeysContext.Provider value={clients.keys}>
            <AnnouncerProvider>{children}</AnnouncerProvider>
          </EarlyKeysContext.Provider>
        </CommandContext.Provider>
      </ClientStoreContext.Provider>
    </QueryClientProvider>
  )
}
