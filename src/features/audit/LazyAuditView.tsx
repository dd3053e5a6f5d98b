import { lazyPart } from '../../lib/lazyPart'

/** The trail's view loads on its own (a lazy chunk), only when opened. */
export const LazyAuditView = lazyPart(
  () => import('./AuditView'),
  'AuditView',
  <section className="audit-view" aria-label="Audit trail" aria-busy="true">
    <p className="muted">Loading the audit trail…</p>
  </section>,
)
