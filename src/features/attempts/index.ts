import { lazy } from 'react'
import { loadLogLinks } from './RowLinks'

export { RowLinks, RowLinksProvider, SampleLinks } from './RowLinks'

/** Loaded on first open, so the drill-down costs nothing in the first load. */
export const LazyAttemptsPanel = lazy(async () => ({
  default: (await import('./AttemptsPanelOfList')).AttemptsPanelOfList,
}))

/**
 * Loads the rows' links as the app starts, so they come with the first rows, not after. Their templates are asked for
 * once there is a session (RowLinksProvider, inside the session gate): before it, the server would answer that the
 * session ended.
 */
export function preloadRowLinks(): void {
  void loadLogLinks()
}
