import type { QueryClient } from '@tanstack/react-query'
import { lazy } from 'react'
import { lazyPart } from '../../lib/lazyPart'

/** Loaded on first open, so the drill-down costs nothing in the first load. */
export const LazyAttemptsPanel = lazy(async () => ({
  default: (await import('./AttemptsPanel')).AttemptsPanel,
}))

const logLinks = () => import('./LogLinks')

/** A row's log and trace links (DASHBOARD_LINKS), beside its Reschedule: their own chunk, shared with the panel. */
export const LazyRowLinks = lazyPart(logLinks, 'RowLogLinks')

/** Loads the rows' links and their templates as the app starts, so they come with the first rows, not after. */
export function preloadRowLinks(client: QueryClient): void {
  void logLinks().then((module) => module.prefetchLinks(client))
}
