import { lazy } from 'react'

/** Loaded on first open, so the drill-down costs nothing in the first load. */
export const LazyAttemptsPanel = lazy(async () => ({
  default: (await import('./AttemptsPanel')).AttemptsPanel,
}))
