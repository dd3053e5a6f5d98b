import { lazyPart } from '../../lib/lazyPart'

/** The overview loads on its own (a lazy chunk); its place is held meanwhile so the list does not jump. */
export const LazyOverview = lazyPart(
  () => import('./Overview'),
  'Overview',
  <section className="overview overview-loading" aria-label="Overview" aria-busy="true" />,
)
