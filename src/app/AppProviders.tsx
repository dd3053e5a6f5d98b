import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AnnouncerProvider } from '../components/Announcer'
import { CommandContext } from '../components/commands'
import { EarlyKeysContext } from '../lib/earlyKeys'
import { ClientStoreContext } from '../lib/useClientStore'
import { FirstScreenShownContext } from '../lib/lazyPart'
import { useFirstScreenGate } from '../api/firstScreen'
import type { DashboardClients } from './queryClient'

/** How long the lazy parts wait for a slow first screen before they load anyway. */
const FIRST_SCREEN_GRACE_MS = 500

/** One subscription to the first screen's hold for every lazy part that waits for it (lib/lazyPart). */
function FirstScreenGate({ children }: { children: ReactNode }) {
  return (
    <FirstScreenShownContext.Provider value={useFirstScreenGate(FIRST_SCREEN_GRACE_MS)}>
      {children}
    </FirstScreenShownContext.Provider>
  )
}

/** The query cache, the client store, the palette's commands and the live region, for everything below. */
export function AppProviders({ children, clients }: { children: ReactNode; clients: DashboardClients }) {
  return (
    <QueryClientProvider client={clients.queryClient}>
      <ClientStoreContext.Provider value={clients.store}>
        <CommandContext.Provider value={clients.commands}>
          <EarlyKeysContext.Provider value={clients.keys}>
            <AnnouncerProvider>
              <FirstScreenGate>{children}</FirstScreenGate>
            </AnnouncerProvider>
          </EarlyKeysContext.Provider>
        </CommandContext.Provider>
      </ClientStoreContext.Provider>
    </QueryClientProvider>
  )
}
