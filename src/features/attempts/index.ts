import { lazy } from 'react'
import { lazyPart } from '../../lib/lazyPart'

/** Loaded on first open, so the drill-down costs nothing in the first load. */
export const LazyAttemptsPanel = lazy(async () => ({
  default: (await import('./AttemptsPanelOfList')).AttemptsPanelOfList,
}))

const logLinks = () => import('./LogLinks')

/** A row's log and trace links (DASHBOARD_LINKS), beside its Reschedule: their own chunk, shared with the panel. */
export const LazyRowLinks = lazyPart(logLinks, 'RowLogLinks')

/**
 * Loads the rows' links as the app starts, so they come with the first rows, not after. Their templates are asked for
 * once there is a session (the tools' usePrefetchQuery): before it, the server would answer that the session ended.
 */
export function preloadRowLinks(): void {
  void logLinks()
}
