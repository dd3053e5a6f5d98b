import { lazy } from 'react'

/** Loaded on first open, so the drill-down costs nothing in the eager bundle. */
export const LazyAttemptsPanel = lazy(async () => ({
  default: (await import('./AttemptsPanel')).AttemptsPanel,
}))

export { withoutAttemptsView } from './attemptsView'
