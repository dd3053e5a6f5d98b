import { afterFirstScreen, lazyPart } from '../../lib/lazyPart'

const overview = afterFirstScreen(() => import('./Overview'))

/** Starts loading the overview as the app starts, so it asks for its counts when the list asks for its rows. */
export function preloadOverview(): void {
  void overview()
}

/** The overview loads on its own (a lazy chunk); its place is held meanwhile so the list does not jump. */
export const LazyOverview = lazyPart(
  overview,
  'Overview',
  <section className="overview overview-loading" aria-label="Overview" aria-busy="true" />,
)
