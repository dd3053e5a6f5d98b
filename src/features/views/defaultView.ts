import type { ClientStore } from '../../lib/clientStore'
import { timeModeSlice } from '../../components/preferences'
import { viewsSlice } from './viewStore'

/**
 * Opened without parameters: the default view's parameters go into the URL before the first render, so
 * the first list call is already the default view's (no second call, no flash of the unfiltered list), and
 * its Times setting goes into the store.
 */
export function applyDefaultView(store: ClientStore): void {
  if (window.location.search !== '') return
  const state = store.get(viewsSlice)
  const view = state.views.find((candidate) => candidate.id === state.defaultId)
  if (!view || view.query === '') return
  window.history.replaceState(null, '', `${window.location.pathname}?${view.query}${window.location.hash}`)
  if (view.time) store.set(timeModeSlice, view.time)
}
