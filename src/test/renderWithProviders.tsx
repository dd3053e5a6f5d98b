import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { AnnouncerProvider } from '../components/Announcer'
import { RefreshSettingsProvider } from '../components/RefreshSettings'
import { ListDisplayProvider } from '../components/ListDisplay'
import { TimeDisplayProvider } from '../components/TimeDisplay'

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
}

/** Renders with the app's providers and a fresh QueryClient that never retries, so failures show at once. */
export function renderWithProviders(ui: ReactElement, queryClient = createTestQueryClient()) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TimeDisplayProvider>
        <ListDisplayProvider>
          <RefreshSettingsProvider>
            <AnnouncerProvider>{ui}</AnnouncerProvider>
          </RefreshSettingsProvider>
        </ListDisplayProvider>
      </TimeDisplayProvider>
    </QueryClientProvider>,
  )
  return { ...view, queryClient }
}
