import { lazyPart } from '../../lib/lazyPart'

/** The board loads on its own (a lazy chunk), only for those who open it. */
export const LazyFailureBoard = lazyPart(
  () => import('./FailureBoard'),
  'FailureBoard',
  <section className="triage" aria-label="Failure groups" aria-busy="true">
    <p className="muted">Loading failure groups…</p>
  </section>,
)
