import { lazyPart } from '../../lib/lazyPart'
import { rowElements } from '../../lib/rowLookup'

/** The board loads on its own (a lazy chunk), only for those who open it. */
export const LazyFailureBoard = lazyPart(
  () => import('./FailureBoard'),
  'FailureBoard',
  <section className="triage" aria-label="Failure groups" aria-busy="true">
    <p className="muted">Loading failure groups…</p>
  </section>,
)

/** Focus to the board's first group (after a dialog it opened closed over a group that has since left). */
export function focusFirstGroup(): void {
  rowElements(document.querySelector('section.triage'))[0]?.focus()
}
